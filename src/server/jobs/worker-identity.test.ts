import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workerIdentity } from './worker-identity';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rs-worker-id-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the worker identity', () => {
  it('is the same after a restart on the same data folder, one per role, and WORKER_ID wins', () => {
    const dir = dataDir();
    const server = workerIdentity({ dataDir: dir, role: 'server' });
    expect(server).toMatch(/^server-[0-9a-f-]{36}$/);
    expect(workerIdentity({ dataDir: dir, role: 'server' })).toBe(server);
    expect(workerIdentity({ dataDir: dir, role: 'worker' })).not.toBe(server);
    expect(workerIdentity({ dataDir: dataDir(), role: 'server' })).not.toBe(server);
    expect(workerIdentity({ dataDir: dir, role: 'server', configured: 'eu-1' })).toBe('eu-1');
  });
});
