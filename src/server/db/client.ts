import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listenForNotifications, type NotificationHandlers, type NotificationListener } from './notifications';
import { pgliteForDrizzle } from './pglite-query-options';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  /** Cheap round trip for the health check. */
  ping(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel over one dedicated connection (NOTIFY reaches it from every process on
   * the database). Absent on PGlite, where event streams poll (decision record 016).
   */
  listen?(channel: string, handlers: NotificationHandlers): Promise<NotificationListener>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number, the same in every copy of the server: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 4_637_201_905;

/**
 * Applies the migrations while holding a session advisory lock, on that same connection: replicas starting
 * together on one database take turns, and the second finds the work done (it would otherwise race the first
 * into `duplicate key ... pg_namespace_nspname_index`).
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

const CONNECT_TIMEOUT_MS = 5000;
const POOL_QUEUE_TIMEOUT_MS = 30_000;

class ClientConnectingWithin5s extends pg.Client {
  constructor(config: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dir?: string;
      /** A migrated PGlite data directory the build made (decision 029): a new `dir` starts as a copy of it. */
      template?: string;
      /** In memory only: start from this dump (`dumpDataDir`) instead of running initdb (tests, decision 088). */
      snapshot?: Blob;
      /** An open PGlite to use as it is (tests hand an emptied one on to the next test file, decision 142). */
      client?: PGlite;
    }
  | { kind: 'postgres'; url: string; max?: number };

/**
 * A PGlite data directory that does not exist yet starts as a copy of `template`, where the build already ran
 * initdb and the migrations: a first start copies 40 MB instead of running initdb (about 2 s of CPU on this
 * machine, decision 029). The copy lands under a temporary name and is renamed into place, so a start killed
 * half-way leaves no half-copied database. Without a template (tests' own bundles, `npm run dev` before a build)
 * PGlite runs initdb as before; `migrate()` still runs after, so a template older than the migrations is caught up.
 */
function seedFromTemplate(dir: string, template: string | undefined): void {
  if (!template || existsSync(dir) || !existsSync(path.join(template, 'PG_VERSION'))) return;
  const partial = `${dir}.seeding-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  try {
    renameSync(partial, dir);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw err;
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // Opening a connection takes at most 5 s: with the database away a request answers 503 instead of hanging. A
    // request queued behind busy connections (a burst: one seller's 200 creations take turns on their counter row)
    // waits up to 30 s, since the database is there; pg-pool has one setting for both, so the client gets its own.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.max ?? 10,
      connectionTimeoutMillis: POOL_QUEUE_TIMEOUT_MS,
      // pg's types declare the Client option without the config argument the pool passes it
      Client: ClientConnectingWithin5s as unknown as new () => pg.ClientBase,
    });
    // An idle connection the server closed (a restart, an administrator) is dropped from the pool, which opens a new
    // one on the next query; unhandled, the pool's 'error' event would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    // Each LISTEN holds a connection of its own, outside the pool, and opens it again when it is lost: closing the
    // database ends them too, or one left open (its owner not closed) retried every 30 s for as long as the process ran.
    const listeners = new Set<NotificationListener>();
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: async (channel, handlers) => {
        const listener = await listenForNotifications(target.url, channel, handlers);
        listeners.add(listener);
        return {
          close: () => {
            listeners.delete(listener);
            return listener.close();
          },
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((listener) => listener.close()));
        listeners.clear();
        await pool.end();
      },
    };
  }
  if (target.dir) {
    mkdirSync(path.dirname(target.dir), { recursive: true });
    seedFromTemplate(target.dir, target.template);
  }
  const client =
    target.client ?? (target.dir ? new PGlite(target.dir) : new PGlite(target.snapshot ? { loadDataDir: target.snapshot } : {}));
  await client.waitReady;
  const db = drizzlePglite(pgliteForDrizzle(client), { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Postgres error code (e.g. 23505) from a driver error, wrapped by drizzle or not. */
export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
