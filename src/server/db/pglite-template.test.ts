import { paced } from '@shared/testing/pace';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgliteTemplate } from '../../../scripts/build.mjs';
import { openDatabase } from './client';
import { items } from './schema';

/** Decision 029: a new embedded database starts as a copy of the migrated template the build made. */
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('the PGlite template', () => {
  let work: string;
  let template: string;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'rs-pglite-template-'));
    template = path.join(work, 'template');
    await buildPgliteTemplate(template);
  }, paced(120_000));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function tables(dir: string): Promise<string[]> {
    const database = await openDatabase({ kind: 'pglite', dir, template });
    try {
      const result = await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`);
      return (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename);
    } finally {
      await database.close();
    }
  }

  it('is built migrated, with nothing half-built left beside it', () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(work)).toEqual(['template']);
  });

  it('gives a new data folder every table before any migration runs, and each copy is its own database', async () => {
    const first = path.join(work, 'first', 'db');
    expect(await tables(first)).toEqual(expect.arrayContaining(['items', 'item_images', 'jobs', 'user', 'session']));

    const database = await openDatabase({ kind: 'pglite', dir: first, template });
    await database.migrate(); // the template's migrations are recorded: nothing to do, no error
    await database.db.execute(
      sql`insert into "user" (id, name, email, email_verified, created_at, updated_at) values ('u1', 'u', 'u@example.com', false, now(), now())`,
    );
    await database.close();

    const second = await openDatabase({ kind: 'pglite', dir: path.join(work, 'second', 'db'), template });
    try {
      const users = await second.db.execute(sql`select count(*)::int as n from "user"`);
      expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      expect(await second.db.select().from(items)).toEqual([]);
    } finally {
      await second.close();
    }
    expect(readdirSync(path.join(work, 'first'))).toEqual(['db']); // no `.seeding-*` folder left
  });

  it('never replaces a data folder that exists', async () => {
    const existing = path.join(work, 'existing', 'db');
    mkdirSync(existing, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dir: existing, template });
    try {
      // PGlite made this one itself (initdb): no tables until the migrations run.
      const result = await database.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
