import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-database';

const onPglite = process.env.TEST_DB_DRIVER !== 'postgres';

const rowsOf = async (database: Awaited<ReturnType<typeof openTestDatabase>>, query: string) =>
  (await database.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> };

const userCount = async (database: Awaited<ReturnType<typeof openTestDatabase>>) =>
  Number((await rowsOf(database, 'select count(*)::int as n from "user"')).rows[0]?.n);

describe.runIf(onPglite)('a test file’s PGlite database, handed on to the next file (decision 142)', () => {
  it('comes to the next file empty, as a freshly migrated one', async () => {
    const first = await openTestDatabase();
    await rowsOf(first, `insert into "user" (id, name, email) values ('u1', 'One', 'one@example.com')`);
    await rowsOf(first, `set time zone 'Asia/Tokyo'`);
    expect(await userCount(first)).toBe(1);
    await first.close();

    const next = await openTestDatabase();
    try {
      expect(await userCount(next)).toBe(0);
      expect((await rowsOf(next, 'show time zone')).rows[0]?.TimeZone).not.toBe('Asia/Tokyo');
      // The same account can be made again: nothing of the first file is left, not even in a unique index.
      await rowsOf(next, `insert into "user" (id, name, email) values ('u1', 'One', 'one@example.com')`);
      expect(await userCount(next)).toBe(1);
    } finally {
      await next.close();
    }
  });

  it('refuses what the closing file still sends, so it never lands in the next file’s database', async () => {
    const first = await openTestDatabase();
    await first.close();
    const next = await openTestDatabase();
    try {
      const late = await rowsOf(first, `insert into "user" (id, name, email) values ('late', 'Late', 'late@example.com')`).catch(
        (err: Error) => err,
      );
      expect((late as Error).cause).toEqual(expect.objectContaining({ message: expect.stringMatching(/closed/) }));
      expect(await userCount(next)).toBe(0);
    } finally {
      await next.close();
    }
  });

  it('is not handed on when the file changed its schema: the next file gets one without the change', async () => {
    const first = await openTestDatabase();
    await rowsOf(first, 'create table scratch (id int)');
    await first.close();

    const next = await openTestDatabase();
    try {
      const tables = await rowsOf(next, `select count(*)::int as n from pg_tables where tablename = 'scratch'`);
      expect(tables.rows[0]?.n).toBe(0);
    } finally {
      await next.close();
    }
  });

  it('closing twice is closing once', async () => {
    const database = await openTestDatabase();
    await database.close();
    await expect(database.close()).resolves.toBeUndefined();
  });
});
