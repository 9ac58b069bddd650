import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { closeDeps, composeDeps } from '../compose';
import { buildApp } from '../http/app';

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('embedded database', () => {
  it('keeps accounts across a restart of the server on the same data folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-restart-'));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' } as const;
    try {
      const first = await composeDeps(loadConfig(env));
      const app1 = await buildApp(first);
      const signUp = await app1.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'keep@example.com', password: 'keep-me-1', name: 'k' },
      });
      expect(signUp.statusCode).toBe(200);
      await app1.close();
      await closeDeps(first);

      const second = await composeDeps(loadConfig(env));
      const app2 = await buildApp(second);
      const signIn = await app2.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'keep@example.com', password: 'keep-me-1' },
      });
      expect(signIn.statusCode).toBe(200);
      await app2.close();
      await closeDeps(second);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
