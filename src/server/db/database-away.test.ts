import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleError } from '@shared/testing/fail-on-console-error';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Issue 15: the database going away for a few seconds answers 503 with a clear message, and the app recovers by itself. */
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl)('the database going away', () => {
  let t: TestApp;
  let user: TestUser;
  let name: string;
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
    await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: await makeJpeg(32, 32) }]);
    const result = await t.deps.database.db.execute(sql`select current_database() as name`);
    name = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
  }, 120_000);
  afterAll(async () => {
    await asAdmin(`alter database ${name} allow_connections true`).catch(() => {});
    await t?.close();
  });

  it('answers 503 with a clear message while it is away, and 200 again once it is back, with no restart', async () => {
    allowConsoleError(/./);
    const list = () => t.app.inject({ method: 'GET', url: '/api/items?view=batches', headers: { cookie: user.cookie } });
    expect((await list()).statusCode).toBe(200);

    await asAdmin(`alter database ${name} allow_connections false`);
    await asAdmin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
    const away = await Promise.all([list(), list(), t.app.inject({ method: 'GET', url: '/api/health' })]);
    for (const response of away.slice(0, 2)) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: 'The database cannot be reached right now. Please try again in a moment.' },
      });
    }
    expect(away[2]!.statusCode).toBe(503);

    await asAdmin(`alter database ${name} allow_connections true`);
    const back = await list();
    expect(back.statusCode).toBe(200);
    expect(back.json().items).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);
});
