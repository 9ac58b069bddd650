import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../test/test-database';
import { openDatabase, type Database } from './client';

/**
 * Migration 0025 turns every money column into integer minor units (decision 067). A database with sales in
 * it, built at 0024 with awkward amounts, must keep every cent, and its sums must match. On PGlite, and on PostgreSQL
 * in the postgres project (TEST_DATABASE_URL).
 */
const migrations = readMigrationFiles({
  migrationsFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
});
const target = migrations.findIndex((m) => m.sql.some((s) => s.includes('"cost_minor"')));
const before = migrations.slice(0, target);
const moneyMigration = migrations[target]!;

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER === 'postgres' && adminUrl) {
    const empty = await createEmptyPostgresDatabase(adminUrl, 'rs_money_migration');
    database = await openDatabase({ kind: 'postgres', url: empty.url, max: 2 });
    dropDatabase = empty.drop;
  } else {
    database = await openDatabase({ kind: 'pglite' });
  }
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

const rows = async <T>(query: string): Promise<T[]> => ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const run = async (statements: string[]) => {
  for (const statement of statements) if (statement.trim()) await database.db.execute(sql.raw(statement));
};

const item = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
// Amounts as decimal text, and the cents each must become.
const awkward = ['0.01', '19.99', '0.10', '0.20', '0.30', '99999.99', '1234.56', '0.07'];
const cents = (text: string) => Number(text.replace('.', ''));

async function seedAt0024() {
  await run([`insert into "user" (id, name, email) values ('seller-1', 'Seller', 'seller@example.test')`]);
  for (const [i, amount] of awkward.entries()) {
    await run([
      `insert into items (id, user_id, sku, upload_session_id, batch_id, batch_number, cost, ai_suggested_price)
       values ('${item(i)}', 'seller-1', 'S-${i}', gen_random_uuid(), gen_random_uuid(), 1, ${amount}, ${amount})`,
      `insert into channel_listings (user_id, item_id, channel, status, price) values ('seller-1', '${item(i)}', 'ebay', 'sold', ${amount})`,
      `insert into sales (user_id, item_id, channel, external_order_id, external_line_id, quantity, price, shipping_charged, fees, shipping_cost, currency, sold_at)
       values ('seller-1', '${item(i)}', 'ebay', 'O-${i}', 'L-${i}', 1, ${amount}, ${amount}, ${i % 3 === 0 ? 'null' : amount}, ${amount}, 'USD', now())`,
    ]);
  }
  // A yen sale has no minor digits: ¥1999 stays 1999, and the item sold in yen takes its currency.
  await run([
    `insert into items (id, user_id, sku, upload_session_id, batch_id, batch_number, cost) values ('${item(9)}', 'seller-1', 'Y-1', gen_random_uuid(), gen_random_uuid(), 1, 800)`,
    `insert into sales (user_id, item_id, channel, external_order_id, external_line_id, quantity, price, shipping_charged, fees, currency, sold_at)
     values ('seller-1', '${item(9)}', 'etsy', 'O-Y', 'L-Y', 1, 1999, 0, 250, 'JPY', now())`,
    `insert into autopilot_settings (user_id, floor_price) values ('seller-1', 12.34)`,
    `insert into autopilot_items (item_id, user_id, run_id, channels, price_basis, floor_price, seller_price, price)
     values ('${item(0)}', 'seller-1', gen_random_uuid(), '{ebay}', 'ai', 0.01, 19.99, 99999.99)`,
  ]);
}

describe('migration 0025_money_minor_units', () => {
  it('keeps every cent of items, listings, sales and autopilot prices, and their sums', async () => {
    expect(target).toBeGreaterThan(0);
    for (const migration of before) await run(migration.sql);
    await seedAt0024();
    const [sumsBefore] = await rows<{ price: string; shipping: string; fees: string; cost: string }>(
      `select sum(price)::text as price, sum(shipping_charged)::text as shipping, sum(fees)::text as fees, sum(shipping_cost)::text as cost
       from sales where currency = 'USD'`,
    );
    await run(moneyMigration.sql);

    const itemRows = await rows<{ sku: string; cost_minor: string; ai_suggested_price_minor: string | null; currency: string }>(
      `select sku, cost_minor::text, ai_suggested_price_minor::text, currency from items order by sku`,
    );
    expect(itemRows).toEqual([
      ...awkward.map((a, i) => ({
        sku: `S-${i}`,
        cost_minor: String(cents(a)),
        ai_suggested_price_minor: String(cents(a)),
        currency: 'USD',
      })),
      { sku: 'Y-1', cost_minor: '800', ai_suggested_price_minor: null, currency: 'JPY' },
    ]);

    const listingRows = await rows<{ price_minor: string; currency: string }>(
      `select l.price_minor::text, l.currency from channel_listings l join items i on i.id = l.item_id order by i.sku`,
    );
    expect(listingRows).toEqual(awkward.map((a) => ({ price_minor: String(cents(a)), currency: 'USD' })));

    const saleRows = await rows<{
      line: string;
      price: string;
      shipping: string;
      fees: string | null;
      cost: string | null;
      currency: string;
    }>(
      `select external_line_id as line, price_minor::text as price, shipping_charged_minor::text as shipping, fees_minor::text as fees,
              shipping_cost_minor::text as cost, currency from sales order by external_line_id`,
    );
    expect(saleRows).toEqual([
      ...awkward.map((a, i) => ({
        line: `L-${i}`,
        price: String(cents(a)),
        shipping: String(cents(a)),
        fees: i % 3 === 0 ? null : String(cents(a)),
        cost: String(cents(a)),
        currency: 'USD',
      })),
      { line: 'L-Y', price: '1999', shipping: '0', fees: '250', cost: null, currency: 'JPY' },
    ]);

    // The sums in cents are the old sums in dollars, to the cent: 0.10 + 0.20 is 0.30 here.
    const [sumsAfter] = await rows<{ price: string; shipping: string; fees: string; cost: string }>(
      `select sum(price_minor)::text as price, sum(shipping_charged_minor)::text as shipping, sum(fees_minor)::text as fees,
              sum(shipping_cost_minor)::text as cost from sales where currency = 'USD'`,
    );
    expect(sumsAfter).toEqual({
      price: String(cents(sumsBefore!.price)),
      shipping: String(cents(sumsBefore!.shipping)),
      fees: String(cents(sumsBefore!.fees)),
      cost: String(cents(sumsBefore!.cost)),
    });
    expect(sumsAfter!.price).toBe(String(awkward.reduce((s, a) => s + cents(a), 0)));

    expect(await rows(`select floor_price_minor::text as floor, currency from autopilot_settings`)).toEqual([
      { floor: '1234', currency: 'USD' },
    ]);
    expect(
      await rows(
        `select floor_price_minor::text as floor, seller_price_minor::text as seller, price_minor::text as price from autopilot_items`,
      ),
    ).toEqual([{ floor: '1', seller: '1999', price: '9999999' }]);
    // No money column is numeric any more (percent columns are not money).
    const numericColumns = await rows<{ name: string }>(
      `select table_name || '.' || column_name as name from information_schema.columns
       where table_schema = 'public' and data_type = 'numeric' order by 1`,
    );
    expect(numericColumns).toEqual([{ name: 'channel_price_rules.percent' }]);
  });
});
