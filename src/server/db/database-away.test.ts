import { paced } from '@shared/testing/pace';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@shared/testing/fail-on-console-error';
import type { Item } from '@shared/contracts/items';
import { createBasicGenerator } from '../adapters/ai/basic-generator';
import { makeJpeg } from '../test/images';
import { generationPool, getListing, requestGeneration } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos, uploadProduct } from '../test/uploads';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * The database going away for 5 s (no new connections, every open one terminated) answers 503 with a clear
 * message the whole time, uploads included, and the app and its job workers recover by themselves.
 */
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl)('the database going away', () => {
  let t: TestApp;
  let user: TestUser;
  let name: string;
  let item: Item;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  async function asAdmin(statement: string) {
    const client = admin();
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.makeUser();
    ({ item } = await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: await makeJpeg(32, 32) }]));
    const result = await t.deps.database.db.execute(sql`select current_database() as name`);
    name = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
  }, paced(120_000));
  afterAll(async () => {
    await asAdmin(`alter database ${name} allow_connections true`).catch(() => {});
    await t?.close();
  });

  it(
    'answers 503 with a clear message for the 5 s it is away, and 200 again once it is back, with no restart',
    async () => {
      allowConsoleError(/./);
      const list = () => t.app.inject({ method: 'GET', url: '/api/items?view=batches', headers: { cookie: user.cookie } });
      const upload = async () =>
        uploadProduct(t.app, user.cookie, { uploadKey: randomUUID() }, [{ name: 'b.jpg', bytes: await makeJpeg(32, 32) }]);
      const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
      expect((await list()).statusCode).toBe(200);
      // the job workers run through the outage; they must come back by themselves too
      const pool = generationPool(t, createBasicGenerator(), { pollMs: 100 });
      await pool.start();

      try {
        await asAdmin(`alter database ${name} allow_connections false`);
        await asAdmin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
        // The dashboard page read above is kept while the server hears every change (decision 030); it serves that
        // page, still true with the database away, until it notices its LISTEN connection is gone: milliseconds, but
        // a request can land first (seen once in CI as a 200 here).
        await vi.waitFor(() => expect(t.deps.events.hearsChanges()).toBe(false), { timeout: paced(5000), interval: 10 });
        const awayUntil = Date.now() + 5000;
        let rounds = 0;
        while (Date.now() < awayUntil) {
          const [listed, uploaded, healthy] = await Promise.all([list(), upload(), health()]);
          for (const response of [listed, uploaded]) {
            expect(response.statusCode, response.body).toBe(503);
            expect(response.json()).toEqual({
              error: { code: 'UNAVAILABLE', message: 'The database cannot be reached right now. Please try again in a moment.' },
            });
          }
          expect(healthy.statusCode).toBe(503);
          rounds += 1;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(rounds).toBeGreaterThan(1);

        await asAdmin(`alter database ${name} allow_connections true`);
        const back = await list();
        expect(back.statusCode).toBe(200);
        expect(back.json().items).toHaveLength(1);
        expect((await health()).statusCode).toBe(200);
        expect((await upload()).statusCode).toBe(200);
        await requestGeneration(t, user, [item.id]);
        for (let tries = 0; tries < 100 && (await getListing(t, user, item.id)).aiGenerationStatus !== 'completed'; tries++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect((await getListing(t, user, item.id)).aiGenerationStatus).toBe('completed');
      } finally {
        await pool.stop(1000);
      }
    },
    paced(60_000),
  );
});
