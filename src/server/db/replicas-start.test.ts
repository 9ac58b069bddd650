import { paced } from '@shared/testing/pace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, startServerProcess, type ServerProcess } from '../test/server-process';
import { tempDirs } from '../test/temp-dirs';
import { createEmptyPostgresDatabase } from '../test/test-database';

const adminUrl = process.env.TEST_DATABASE_URL;
// Two trials on every run; REPLICA_TRIALS=5 for the five the race was first proved on.
const TRIALS = Number(process.env.REPLICA_TRIALS ?? 2);
const makeDir = tempDirs('rs-replicas-');

/** Two real servers started at the same moment on one empty PostgreSQL database both come up. */
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl)('two servers starting together on PostgreSQL', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  beforeAll(async () => {
    bundle = await buildServerBundle();
  });
  afterAll(() => bundle?.remove());

  it(`both answer /api/health 200 on an empty database, ${TRIALS} times over`, { timeout: paced(30_000 + TRIALS * 60_000) }, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const target = await createEmptyPostgresDatabase(adminUrl!, 'rs_replicas');
      // replicas share the database and the secret, each with its own disk (as on two machines)
      const env = () => ({ DATABASE_URL: target.url, APP_SECRET: 'replicas-start-test-secret-0123456789', DATA_DIR: makeDir() });
      const outcomes = await Promise.allSettled([startServerProcess(bundle.main, env()), startServerProcess(bundle.main, env())]);
      const started = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      try {
        expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'up'))).toEqual(['up', 'up']);
        for (const server of started) {
          const health = await fetch(`${server.url}/api/health`);
          expect(health.status).toBe(200);
          expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
        }
      } finally {
        await Promise.all(started.map((server: ServerProcess) => server.stop()));
        await target.drop();
      }
    }
  });
});
