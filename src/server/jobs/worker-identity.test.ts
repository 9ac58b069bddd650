import { describe, expect, it } from 'vitest';
import { tempDirs } from '../test/temp-dirs';
import { workerIdentity } from './worker-identity';

const dataDir = tempDirs('rs-worker-id-');

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
