import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { migratedPgliteSnapshot, migrationsKey } from './pglite-snapshot';

/**
 * A migrated database of its own for one test file: in-memory PGlite, or (TEST_DB_DRIVER=postgres) a fresh
 * database on the TEST_DATABASE_URL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl) return openPgliteTestDatabase();
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
 * The PGlite databases test files closed, emptied, for the next file in this worker (test files share a worker's
 * modules, decision 137). Loading the migrated dump costs about 1.3 s of CPU per file; emptying one costs a few
 * milliseconds (decision 142). A file that left its database other than it found it (a table, a function or a schema
 * of its own, a transaction still open) has it closed for good, and the next file loads a fresh one.
 */
const spares: PGlite[] = [];
const MAX_SPARES = 2;

async function openPgliteTestDatabase(): Promise<Database> {
  // Loaded from a migrated dump, not initdb and every migration again (decision 088); migrate() finds it current.
  const client = spares.pop() ?? new PGlite({ loadDataDir: await migratedPgliteSnapshot() });
  const shape = await schemaShape(client);
  // What the file holds is this lease: once it closes the database, a query it still sends (a timer, a job it left
  // running) fails as it would on a closed PGlite, and never lands in the next file's database.
  const lease = { open: true };
  const database = await openDatabase({ kind: 'pglite', client: leased(client, lease) });
  await database.migrate();
  return {
    ...database,
    async close() {
      if (!lease.open) return;
      lease.open = false;
      if (spares.length < MAX_SPARES && (await emptied(client, shape))) spares.push(client);
      else await client.close();
    },
  };
}

function leased(client: PGlite, lease: { open: boolean }): PGlite {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!lease.open) throw new Error('PGlite is closed: this test file closed its database');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Every relation, column, function and schema outside PostgreSQL's own, as one text to compare. */
async function schemaShape(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(`
    select coalesce(string_agg(part, ',' order by part), '') as shape from (
      select n.nspname || '.' || c.relname || ':' || c.relkind::text || '(' ||
        coalesce((select string_agg(a.attname || ' ' || a.atttypid::regtype::text, ',' order by a.attnum)
          from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') || ')' as part
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'
      union all
      select n.nspname || '.' || p.proname || '()' from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
      union all
      select 'schema ' || nspname from pg_namespace
    ) parts`);
  return rows[0]?.shape ?? '';
}

/** Empties a database whose schema is still `shape`, as a fresh migrated one: whether it can be handed on. */
async function emptied(client: PGlite, shape: string): Promise<boolean> {
  try {
    if (client.closed || (await schemaShape(client)) !== shape) return false;
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    );
    if (rows.length > 0) await client.exec(`truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`);
    // Settings, prepared statements, temporary tables and advisory locks a file left; fails in an open transaction.
    await client.exec('discard all');
    return true;
  } catch {
    return false;
  }
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
