import { ebayCategoryOf, ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { item as itemSchema, listItemsResponse, type Item, type ListedItem } from '@shared/contracts/items';
import { channelListings, items } from '../db/schema';
import { seedEbayFields, seedEbayListing } from '../test/ebay-listings';
import { makeJpeg } from '../test/images';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem, createItemWithPhotos } from '../test/uploads';

/**
 * The list maps its rows by hand (repo.ts listedItemOf); one item (GET /api/items/:id) is built from drizzle's row
 * (item-view.ts). Both must answer the same item, whatever its columns hold.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = async (user: TestUser, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  expect(response.statusCode).toBe(200);
  return response;
};

async function listed(user: TestUser, query = ''): Promise<ListedItem[]> {
  const response = await get(user, `/api/items?view=listings${query}`);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return listItemsResponse.parse(response.json()).items;
}

async function single(user: TestUser, id: string): Promise<ListedItem> {
  const { images, ...rest } = itemSchema.parse((await get(user, `/api/items/${id}`)).json()) as Item;
  expect(images.length).toBeGreaterThanOrEqual(0);
  return rest;
}

describe('the list answers each item as GET /api/items/:id does', () => {
  it('with every column empty, and with every column filled (text with quotes and emoji, arrays, JSON, numbers, dates)', async () => {
    const user = await t.makeUser();
    const bare = await createItem(t.app, user.cookie, { sku: 'BARE-1' });
    const { item: full } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(40, 30) }], {
      sku: 'FULL-1',
    });
    const withListing = await createItem(t.app, user.cookie, { sku: 'LISTED-1' });
    const unknownListing = await createItem(t.app, user.cookie, { sku: 'LISTED-2' });
    // The eBay fields first: writing the item's listing moves its updated_at (the trigger), which is set below.
    await seedEbayFields(t.deps.database.db, user.id, full.id, {
      categoryId: '11483',
      categoryName: 'Men\'s "Jeans" 😀',
      conditionGrade: 'USED_GOOD',
    });
    await t.deps.database.db
      .update(items)
      .set({
        category: 'Jeans',
        condition: 'used_good',
        brand: 'Levi\'s "501"',
        aiTitle: "Levi's 501 jeans — W32 L30 😀 <b>tag</b> \\ back\nslash",
        aiDescription: 'Line one\nLine two\t"quoted"\u0001',
        aiTags: ['denim', 'vintage "90s"', 'ünïcödé'],
        aiConditionNotes: 'Light wear',
        aiGeneratedAt: new Date('2026-03-04T05:06:07.891Z'),
        aiGenerationStatus: 'completed',
        aiGenerationError: null,
        aiSuggestedPriceMinor: 2450,
        aiPricingNotes: 'Sold 20-30',
        aiMeasurements: { waist: '32 in', 'inside leg': '30 in' },
        listingReady: true,
        categoryConfidence: 0.87,
        extractedBrand: "Levi's",
        extractedSize: 'W32 L30',
        extractedColor: 'Blue',
        extractedMaterial: 'Cotton',
        extractedStyle: 'Straight',
        extractedFit: 'Regular',
        extractedDepartment: 'Men',
        extractedSizeType: 'Regular',
        itemSpecificsJson: { Brand: "Levi's", "Size (Men's)": '32' },
        publishReadyScore: 92,
        updatedAt: new Date('2026-05-06T07:08:09.123Z'),
      })
      .where(eq(items.id, full.id));
    await seedEbayListing(t.deps.database.db, {
      userId: user.id,
      itemId: withListing.id,
      publishStatus: 'failed',
      publishError: 'Bad "price"',
      price: money(1999),
      quantity: 2,
    });
    // A row never sent (Publish Settings saved, no status yet) reads as status null, in both.
    await seedEbayListing(t.deps.database.db, { userId: user.id, itemId: unknownListing.id, publishStatus: null });

    const list = await listed(user);
    expect(list.map((i) => i.sku)).toEqual(['LISTED-2', 'LISTED-1', 'FULL-1', 'BARE-1']);
    for (const id of [bare.id, full.id, withListing.id, unknownListing.id]) {
      expect(list.find((i) => i.id === id)).toEqual(await single(user, id));
    }
    const filled = list.find((i) => i.id === full.id);
    expect(filled).toMatchObject({
      aiTitle: "Levi's 501 jeans — W32 L30 😀 <b>tag</b> \\ back\nslash",
      aiTags: ['denim', 'vintage "90s"', 'ünïcödé'],
      aiSuggestedPrice: money(2450),
      categoryConfidence: 0.87,
      aiGeneratedAt: '2026-03-04T05:06:07.891Z',
      updatedAt: '2026-05-06T07:08:09.123Z',
      photoCount: 1,
    });
    expect(ebayCategoryOf(filled!)).toEqual({ categoryId: '11483', categoryName: 'Men\'s "Jeans" 😀', conditionGrade: 'USED_GOOD' });
    expect(filled?.thumbnailUrl).toMatch(/^\/api\/files\//);
    expect(ebayPublishStateOf(list.find((i) => i.id === withListing.id)!)).toEqual({
      status: 'failed',
      listingUrl: null,
      error: 'Bad "price"',
      price: money(1999),
      quantity: 2,
      change: null,
    });
    expect(ebayPublishStateOf(list.find((i) => i.id === unknownListing.id)!)).toEqual({
      status: null,
      listingUrl: null,
      error: null,
      price: null,
      quantity: 1,
      change: null,
    });
  });

  it('keeps microsecond timestamps in the cursor and milliseconds (truncated) in the item', async () => {
    const user = await t.makeUser();
    const a = await createItem(t.app, user.cookie, { sku: 'MICRO-1' });
    const b = await createItem(t.app, user.cookie, { sku: 'MICRO-2' });
    // Two items 1 µs apart: a cursor in milliseconds would skip or repeat one of them.
    const db = t.deps.database.db;
    await db.execute(sql`update items set created_at = '2026-01-01T00:00:00.123999Z' where id = ${a.id}`);
    await db.execute(sql`update items set created_at = '2026-01-01T00:00:00.124000Z' where id = ${b.id}`);
    const first = await get(user, '/api/items?view=listings&limit=1');
    const page = listItemsResponse.parse(first.json());
    expect(page.items.map((i) => [i.sku, i.createdAt])).toEqual([['MICRO-2', '2026-01-01T00:00:00.124Z']]);
    const next = await get(user, `/api/items?view=listings&limit=1&cursor=${page.nextCursor}`);
    expect(listItemsResponse.parse(next.json()).items.map((i) => [i.sku, i.createdAt])).toEqual([['MICRO-1', '2026-01-01T00:00:00.123Z']]);
    expect(await single(user, a.id)).toMatchObject({ createdAt: '2026-01-01T00:00:00.123Z' });
  });

  it('prices each listing by its own seller’s rule for its own channel, in the list and alone', async () => {
    const seller = await t.makeUser();
    const other = await t.makeUser();
    const db = t.deps.database.db;
    const { id } = await createItem(t.app, seller.cookie, { sku: 'RULED-1' });
    await db.update(items).set({ aiSuggestedPriceMinor: 4500 }).where(eq(items.id, id));
    await seedEbayListing(db, { userId: seller.id, itemId: id, publishStatus: null });
    await db.insert(channelListings).values({ userId: seller.id, itemId: id, channel: 'etsy', status: 'draft', data: {} });
    const rule = (user: TestUser, channel: string, percent: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/channels/${channel}/price-rule`,
        payload: { percent, rounding: 'none' },
        headers: { cookie: user.cookie },
      });
    expect((await rule(seller, 'etsy', -10)).statusCode).toBe(200);
    // Another seller's rules, on both channels: they price nothing of this seller's.
    expect((await rule(other, 'ebay', 50)).statusCode).toBe(200);
    expect((await rule(other, 'etsy', 20)).statusCode).toBe(200);
    const prices = (item: ListedItem) => item.listings.map((l) => [l.channel, l.price?.amountMinor]);
    const expected = [
      ['ebay', 4500],
      ['etsy', 4050],
    ];
    expect(prices(await single(seller, id))).toEqual(expected);
    expect(prices((await listed(seller)).find((item) => item.id === id)!)).toEqual(expected);
  });
});
