import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../test/test-database';
import { openDatabase, type Database } from './client';

/**
 * Migration 0011 moves ebay_listings and the eBay columns of items and item_images into channel_listings and
 * ebay_image_uploads. Real rows written at 0010 must all arrive, and its SQL run a second time must change nothing.
 * On PGlite, and on PostgreSQL in the postgres project (TEST_DATABASE_URL).
 */
const migrations = readMigrationFiles({
  migrationsFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
});
// 0000..0010, then 0011 itself.
const before = migrations.slice(0, 11);
const channelListings = migrations[11]!;

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER === 'postgres' && adminUrl) {
    const empty = await createEmptyPostgresDatabase(adminUrl, 'rs_migration');
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

const ms = (iso: string) => new Date(iso).getTime();
const LISTED = '2026-03-04T05:06:07.891Z';
const CREATED = '2026-03-01T00:00:00.000Z';
const UPDATED = '2026-03-05T00:00:00.000Z';
const EXPIRES_1 = '2026-04-01T10:00:00.000Z';
const EXPIRES_2 = '2026-04-02T10:00:00.000Z';

const ids = {
  published: '00000000-0000-4000-8000-000000000001',
  failed: '00000000-0000-4000-8000-000000000002',
  publishing: '00000000-0000-4000-8000-000000000003',
  draft: '00000000-0000-4000-8000-000000000004',
  none: '00000000-0000-4000-8000-000000000005',
  saved: '00000000-0000-4000-8000-000000000006',
  ended: '00000000-0000-4000-8000-000000000007',
};
const listingIds = {
  published: '10000000-0000-4000-8000-000000000001',
  failed: '10000000-0000-4000-8000-000000000002',
  publishing: '10000000-0000-4000-8000-000000000003',
  saved: '10000000-0000-4000-8000-000000000006',
  ended: '10000000-0000-4000-8000-000000000007',
};
const images = {
  hosted1: '20000000-0000-4000-8000-000000000001',
  hosted2: '20000000-0000-4000-8000-000000000002',
  local: '20000000-0000-4000-8000-000000000003',
};

async function seedAt0010() {
  await run([`insert into "user" (id, name, email) values ('seller-1', 'Seller', 'seller@example.test')`]);
  const item = (id: string, sku: string, ebay = `null, null, null`) =>
    `insert into items (id, user_id, sku, upload_session_id, batch_id, batch_number, ebay_category_id, ebay_category_name, ebay_condition_grade)
     values ('${id}', 'seller-1', '${sku}', '${id}', '${id}', 1, ${ebay})`;
  await run([
    item(ids.published, 'P-1', `'11483', 'Clothing > Men > Jeans', 'good'`),
    item(ids.failed, 'F-1', `'11554', null, null`),
    item(ids.publishing, 'B-1'),
    item(ids.draft, 'D-1', `'57990', 'Men''s "Shirts"', 'excellent'`),
    item(ids.none, 'N-1'),
    item(ids.saved, 'S-1', `null, null, 'new'`),
    item(ids.ended, 'E-1'),
  ]);
  const image = (id: string, order: number, ebay: string) =>
    `insert into item_images (id, item_id, user_id, storage_path, thumb_path, width, height, bytes, "order", ebay_image_url, ebay_image_expires_at)
     values ('${id}', '${ids.published}', 'seller-1', 'k/${id}.jpg', 'k/${id}-t.jpg', 40, 30, 100, ${order}, ${ebay})`;
  await run([
    image(images.hosted1, 0, `'https://i.ebayimg.test/1.jpg', '${EXPIRES_1}'`),
    image(images.hosted2, 1, `'https://i.ebayimg.test/2.jpg', '${EXPIRES_2}'`),
    image(images.local, 2, `null, null`),
  ]);
  const listing = (id: string, itemId: string, values: string) =>
    `insert into ebay_listings (id, user_id, item_id, sku, ebay_sku, offer_id, listing_id, publish_status, price, quantity,
       listing_url, publish_error, published_at, created_at, updated_at)
     values ('${id}', 'seller-1', '${itemId}', ${values}, '${CREATED}', '${UPDATED}')`;
  await run([
    listing(
      listingIds.published,
      ids.published,
      `'P-1', 'SHOP-P-1', 'offer-1', 'listing-1', 'published', 24.99, 2, 'https://www.ebay.test/itm/listing-1', null, '${LISTED}'`,
    ),
    listing(listingIds.failed, ids.failed, `'F-1', null, null, null, 'failed', 9.5, 1, null, 'Department is required by eBay', null`),
    listing(listingIds.publishing, ids.publishing, `'B-1', 'B-1', 'offer-3', null, 'publishing', 12, 3, null, null, null`),
    listing(listingIds.saved, ids.saved, `'S-1', null, null, null, null, null, 4, null, null, null`),
    listing(listingIds.ended, ids.ended, `'E-OLD', 'E-OLD', 'offer-7', 'listing-7', 'ended', 5, 1, null, null, '${LISTED}'`),
  ]);
}

interface MovedListing {
  id: string;
  user_id: string;
  item_id: string;
  channel: string;
  status: string;
  external_id: string | null;
  url: string | null;
  price: number | null;
  quantity: number;
  error: string | null;
  listed_at: number | null;
  ended_at: number | null;
  data: Record<string, unknown>;
  created_at: number;
  updated_at: number;
}

const listingsNow = () =>
  rows<MovedListing>(`select id, user_id, item_id, channel, status, external_id, url, price::float8 as price, quantity, error,
      extract(epoch from listed_at)::float8 * 1000 as listed_at, extract(epoch from ended_at)::float8 * 1000 as ended_at, data,
      extract(epoch from created_at)::float8 * 1000 as created_at, extract(epoch from updated_at)::float8 * 1000 as updated_at
    from channel_listings order by item_id`);
const uploadsNow = () =>
  rows<{ image_id: string; user_id: string; url: string; expires_at: number | null }>(
    `select image_id, user_id, url, extract(epoch from expires_at)::float8 * 1000 as expires_at from ebay_image_uploads order by image_id`,
  );
const schemaNow = () =>
  rows<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and table_name in ('items', 'item_images', 'channel_listings', 'ebay_image_uploads', 'ebay_listings')
     order by table_name, column_name`,
  );
const triggersNow = () =>
  rows<{ tgname: string; table: string }>(
    `select tgname, tgrelid::regclass::text as table from pg_trigger where not tgisinternal order by tgname`,
  );

describe('migration 0011 (channel_listings)', () => {
  it('moves every eBay value of 0010 into channel_listings and ebay_image_uploads, and runs again changing nothing', async () => {
    for (const migration of before) await run(migration.sql);
    await seedAt0010();
    await run(channelListings.sql);

    const listings = await listingsNow();
    const byItem = new Map(listings.map((l) => [l.item_id, l]));
    expect(listings).toHaveLength(6);
    expect(byItem.has(ids.none)).toBe(false);
    const common = { user_id: 'seller-1', channel: 'ebay', ended_at: null, created_at: ms(CREATED), updated_at: ms(UPDATED) };
    expect(byItem.get(ids.published)).toEqual({
      ...common,
      id: listingIds.published,
      item_id: ids.published,
      status: 'live',
      external_id: 'listing-1',
      url: 'https://www.ebay.test/itm/listing-1',
      price: 24.99,
      quantity: 2,
      error: null,
      listed_at: ms(LISTED),
      data: {
        sku: 'P-1',
        ebaySku: 'SHOP-P-1',
        offerId: 'offer-1',
        categoryId: '11483',
        categoryName: 'Clothing > Men > Jeans',
        conditionGrade: 'good',
        settingsSaved: true,
      },
    });
    expect(byItem.get(ids.failed)).toEqual({
      ...common,
      id: listingIds.failed,
      item_id: ids.failed,
      status: 'failed',
      external_id: null,
      url: null,
      price: 9.5,
      quantity: 1,
      error: 'Department is required by eBay',
      listed_at: null,
      data: { sku: 'F-1', categoryId: '11554', settingsSaved: true },
    });
    expect(byItem.get(ids.publishing)).toMatchObject({
      id: listingIds.publishing,
      status: 'publishing',
      price: 12,
      quantity: 3,
      data: { sku: 'B-1', ebaySku: 'B-1', offerId: 'offer-3', settingsSaved: true },
    });
    // Publish Settings saved, never sent: a draft that still shows as the item's publish state.
    expect(byItem.get(ids.saved)).toMatchObject({
      id: listingIds.saved,
      status: 'draft',
      price: null,
      quantity: 4,
      data: { sku: 'S-1', conditionGrade: 'new', settingsSaved: true },
    });
    // A status with no twin among the new ones stays in data.
    expect(byItem.get(ids.ended)).toMatchObject({
      id: listingIds.ended,
      status: 'draft',
      external_id: 'listing-7',
      listed_at: ms(LISTED),
      data: { sku: 'E-OLD', ebaySku: 'E-OLD', offerId: 'offer-7', publishStatus: 'ended', settingsSaved: true },
    });
    // Only a category and a condition on the item: a draft eBay listing holding them, not shown as a publish state.
    expect(byItem.get(ids.draft)).toMatchObject({
      status: 'draft',
      external_id: null,
      price: null,
      quantity: 1,
      data: { categoryId: '57990', categoryName: 'Men\'s "Shirts"', conditionGrade: 'excellent' },
    });

    expect(await uploadsNow()).toEqual([
      { image_id: images.hosted1, user_id: 'seller-1', url: 'https://i.ebayimg.test/1.jpg', expires_at: ms(EXPIRES_1) },
      { image_id: images.hosted2, user_id: 'seller-1', url: 'https://i.ebayimg.test/2.jpg', expires_at: ms(EXPIRES_2) },
    ]);

    const columns = await schemaNow();
    expect(columns.filter((c) => c.table_name === 'ebay_listings')).toEqual([]);
    expect(columns.filter((c) => /^ebay_/.test(c.column_name) && ['items', 'item_images'].includes(c.table_name))).toEqual([]);
    const triggers = await triggersNow();
    expect(triggers.filter((t) => t.tgname === 'channel_listings_notify_change')).toEqual([
      { tgname: 'channel_listings_notify_change', table: 'channel_listings' },
    ]);
    expect(triggers.some((t) => t.tgname === 'ebay_listings_notify_change')).toBe(false);

    // The same SQL again: nothing fails, nothing changes.
    const snapshot = { listings, uploads: await uploadsNow(), columns, triggers };
    await run(channelListings.sql);
    expect({
      listings: await listingsNow(),
      uploads: await uploadsNow(),
      columns: await schemaNow(),
      triggers: await triggersNow(),
    }).toEqual(snapshot);
  });
});
