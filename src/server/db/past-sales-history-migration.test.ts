import { paced } from '@shared/testing/pace';
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

/**
 * Migration 0047: the past sales imported before it (a spreadsheet's rows, a marketplace's old orders) become history,
 * out of the product list with batch number 0; a seller whose last batch number went to an import gets it back; stock
 * (a product with photos sold by hand, an imported live eBay listing) stays as it was.
 */
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('migration 0047_past_sales_are_history', () => {
  let pg: PGlite;
  beforeAll(() => void (pg = new PGlite()));
  afterAll(() => pg?.close());

  it(
    'marks the imported past sales as history and gives their batch number back',
    async () => {
      const target = migrations.findIndex((f) => f.endsWith('_past_sales_are_history.sql'));
      for (const file of migrations.slice(0, target)) await run(pg, file);
      const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
      await pg.exec(`
      insert into "user" (id, name, email) values ('u1', 'Seller', 'seller@example.com'), ('u2', 'Other', 'other@example.com');
      insert into user_counters (user_id, next_sku, next_batch) values ('u1', 6, 8), ('u2', 3, 4);
      insert into items (id, user_id, sku, upload_session_id, batch_id, batch_number, photo_count) values
        ('${id(1)}', 'u1', 'STOCK-1', gen_random_uuid(), gen_random_uuid(), 5, 2),
        ('${id(2)}', 'u1', 'SOLD-BY-HAND', gen_random_uuid(), gen_random_uuid(), 5, 1),
        ('${id(3)}', 'u1', 'IMPORT-ABC', gen_random_uuid(), gen_random_uuid(), 6, 0),
        ('${id(4)}', 'u1', 'PAST-0', gen_random_uuid(), gen_random_uuid(), 7, 0),
        ('${id(5)}', 'u1', 'LIVE-ON-EBAY', gen_random_uuid(), gen_random_uuid(), 4, 0),
        ('${id(6)}', 'u2', 'IMPORT-DEF', gen_random_uuid(), gen_random_uuid(), 2, 0),
        ('${id(7)}', 'u2', 'STOCK-2', gen_random_uuid(), gen_random_uuid(), 3, 1);
      insert into item_images (item_id, user_id, storage_path, thumb_path, width, height, bytes, "order") values
        ('${id(1)}', 'u1', 'a', 'a', 1, 1, 1, 0), ('${id(2)}', 'u1', 'b', 'b', 1, 1, 1, 0), ('${id(7)}', 'u2', 'c', 'c', 1, 1, 1, 0);
      insert into channel_listings (user_id, item_id, channel, status, external_id) values
        ('u1', '${id(2)}', 'poshmark', 'sold', null),
        ('u1', '${id(3)}', 'ebay', 'sold', null),
        ('u1', '${id(4)}', 'ebay', 'sold', null),
        ('u1', '${id(5)}', 'ebay', 'live', '1100200'),
        ('u2', '${id(6)}', 'etsy', 'sold', null);
      insert into sales (user_id, item_id, channel, external_order_id, external_line_id, price_minor, currency, sold_at) values
        ('u1', '${id(2)}', 'poshmark', 'hand:1', '1', 2000, 'USD', now()),
        ('u1', '${id(3)}', 'ebay', 'import:abc', 'import', 2000, 'USD', now()),
        ('u1', '${id(4)}', 'ebay', '12-34567-89012', '1', 2000, 'USD', now()),
        ('u2', '${id(6)}', 'etsy', 'import:def', 'import', 2000, 'USD', now());`);
      await run(pg, migrations[target]!);

      const { rows } = await pg.query<{ sku: string; past_sale: boolean; batch_number: number }>(
        'select sku, past_sale, batch_number from items order by sku',
      );
      expect(rows).toEqual([
        { sku: 'IMPORT-ABC', past_sale: true, batch_number: 0 },
        { sku: 'IMPORT-DEF', past_sale: true, batch_number: 0 },
        { sku: 'LIVE-ON-EBAY', past_sale: false, batch_number: 4 },
        { sku: 'PAST-0', past_sale: true, batch_number: 0 },
        { sku: 'SOLD-BY-HAND', past_sale: false, batch_number: 5 },
        { sku: 'STOCK-1', past_sale: false, batch_number: 5 },
        { sku: 'STOCK-2', past_sale: false, batch_number: 3 },
      ]);
      // u1's last two batch numbers went to imports: their next product is Batch #6. u2's went to stock: unchanged.
      const counters = await pg.query<{ user_id: string; next_batch: number }>(
        'select user_id, next_batch from user_counters order by user_id',
      );
      expect(counters.rows).toEqual([
        { user_id: 'u1', next_batch: 6 },
        { user_id: 'u2', next_batch: 4 },
      ]);
      // Every migration before it runs first: seconds on a quiet machine.
    },
    paced(180_000),
  );
});
