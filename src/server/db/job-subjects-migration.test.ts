import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, 'migrations');
const migrations = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const run = async (pg: PGlite, file: string) => {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint')) await pg.exec(statement);
};

// Runs the SQL on an in-memory PGlite whatever the project's driver: the postgres project would only repeat it.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('migration 0011_job_subjects', () => {
  let pg: PGlite;
  beforeAll(() => void (pg = new PGlite()));
  afterAll(() => pg?.close());

  it('carries every job over to a subject and keeps one waiting or running per subject', async () => {
    const target = migrations.findIndex((f) => f.endsWith('_job_subjects.sql'));
    for (const file of migrations.slice(0, target)) await run(pg, file);
    await pg.exec(`
      insert into "user" (id, name, email) values ('u1', 'Seller', 'seller@example.com');
      insert into items (id, user_id, sku, upload_session_id, batch_id, batch_number) values
        ('00000000-0000-4000-8000-000000000001', 'u1', 'A-1', gen_random_uuid(), gen_random_uuid(), 1),
        ('00000000-0000-4000-8000-000000000002', 'u1', 'A-2', gen_random_uuid(), gen_random_uuid(), 1);
      insert into jobs (kind, user_id, item_id, status, created_at) values
        ('generate-listing', 'u1', '00000000-0000-4000-8000-000000000001', 'failed', now() - interval '3 minutes'),
        ('generate-listing', 'u1', '00000000-0000-4000-8000-000000000001', 'pending', now() - interval '2 minutes'),
        ('publish-listing', 'u1', '00000000-0000-4000-8000-000000000001', 'pending', now() - interval '2 minutes'),
        -- two active for one subject (the old check was no constraint): the running one stays
        ('publish-listing', 'u1', '00000000-0000-4000-8000-000000000002', 'pending', now() - interval '2 minutes'),
        ('publish-listing', 'u1', '00000000-0000-4000-8000-000000000002', 'running', now() - interval '1 minute');`);
    for (const file of migrations.slice(target, target + 1)) await run(pg, file);

    const { rows } = await pg.query<{ kind: string; status: string; subject_type: string; subject_id: string; item_id: string }>(
      'select kind, status, subject_type, subject_id, item_id from jobs order by item_id, kind, created_at',
    );
    const one = '00000000-0000-4000-8000-000000000001';
    const two = '00000000-0000-4000-8000-000000000002';
    expect(rows).toEqual([
      { kind: 'generate-listing', status: 'failed', subject_type: 'item', subject_id: one, item_id: one },
      { kind: 'generate-listing', status: 'pending', subject_type: 'item', subject_id: one, item_id: one },
      { kind: 'publish-listing', status: 'pending', subject_type: 'listing', subject_id: `${one}:ebay`, item_id: one },
      { kind: 'publish-listing', status: 'running', subject_type: 'listing', subject_id: `${two}:ebay`, item_id: two },
    ]);
    await expect(
      pg.query(`insert into jobs (kind, user_id, item_id, subject_type, subject_id) values ('generate-listing', 'u1', $1, 'item', $2)`, [
        one,
        one,
      ]),
    ).rejects.toThrow(/jobs_active_subject_idx/);
  });
});
