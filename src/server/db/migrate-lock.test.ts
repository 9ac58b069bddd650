import { paced } from '@shared/testing/pace';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../test/test-database';
import { openDatabase } from './client';

const adminUrl = process.env.TEST_DATABASE_URL;

const emptyDatabase = () => createEmptyPostgresDatabase(adminUrl!, 'rs_migrate');

describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl)('migrations on PostgreSQL', () => {
  it(
    'two replicas migrating one empty database at the same moment both succeed, five times over',
    { timeout: paced(120_000) },
    async () => {
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
    },
  );
});
