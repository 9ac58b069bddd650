import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A fresh, empty database on the test server; dropped by the returned function. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rs_migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl)('migrations on PostgreSQL', () => {
  it('two replicas migrating one empty database at the same moment both succeed, five times over', { timeout: 120_000 }, async () => {
    for (let trial = 0; trial < 5; trial++) {
      const target = await emptyDatabase();
      const replicas = await Promise.all([0, 1].map(() => openDatabase({ kind: 'postgres', url: target.url, max: 2 })));
      try {
        const outcomes = await Promise.allSettled(replicas.map((replica) => replica.migrate()));
        expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason?.cause ?? o.reason) : 'ok'))).toEqual(['ok', 'ok']);
        const check = new pg.Client({ connectionString: target.url });
        await check.connect();
        const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        await check.end();
        expect(applied.rows[0].n).toBeGreaterThan(0);
      } finally {
        await Promise.all(replicas.map((replica) => replica.close()));
        await target.drop();
      }
    }
  });
});
