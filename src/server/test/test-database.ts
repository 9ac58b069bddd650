import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { migratedPgliteSnapshot, migrationsKey } from './pglite-snapshot';

/**
 * A migrated database of its own for one test file: in-memory PGlite, or (TEST_DB_DRIVER=postgres) a fresh
 * database on the TEST_DATABASE_URL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl) {
    // Loaded from a migrated dump, not initdb and every migration again (decision 088); migrate() finds it current.
    const database = await openDatabase({ kind: 'pglite', snapshot: await migratedPgliteSnapshot() });
    await database.migrate();
    return database;
  }
  const empty = await createEmptyPostgresDatabase(adminUrl, 'rs_test', await migratedPostgresTemplate(adminUrl));
  const database = await openDatabase({ kind: 'postgres', url: empty.url, max: 20 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A fresh database on the `adminUrl` server: empty (unmigrated) for tests that start real servers on it, or a copy
 * of `template`.
 */
export async function createEmptyPostgresDatabase(
  adminUrl: string,
  prefix = 'rs_empty',
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (admin) => dropWhenIdle(admin, name)),
  };
}

/**
 * A database with every migration applied, made once per server and set of migrations (a hash names it), which
 * `openTestDatabase` copies with `create database ... template` instead of migrating each test file's database
 * (decision 088). Migrated under a name of its own and renamed when done, so a copy never starts from a half-migrated
 * one and two workers making it at once keep one.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `rs_template_${migrationsKey()}`;
  const exists = async () =>
    withAdmin(adminUrl, async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
  if (await exists()) return name;
  const own = await createEmptyPostgresDatabase(adminUrl, `${name}_making`);
  const ownName = new URL(own.url).pathname.slice(1);
  const database = await openDatabase({ kind: 'postgres', url: own.url, max: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  try {
    await withAdmin(adminUrl, async (admin) => {
      await untilIdle(admin, ownName);
      await admin.query(`alter database ${ownName} rename to ${name}`);
    });
  } catch (err) {
    await own.drop();
    if (!(await exists())) throw err;
  }
  return name;
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * pool.end() resolves before every backend has gone; forcing the drop then kills a closing connection and its
 * client throws an uncaught 57P01. Wait (briefly) for them to leave first.
 */
async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  await untilIdle(admin, name);
  await admin.query(`drop database if exists ${name} with (force)`);
}

async function untilIdle(admin: pg.Client, name: string): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    const open = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (open.rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
