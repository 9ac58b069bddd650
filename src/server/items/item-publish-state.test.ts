import { ebayCategoryOf, ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { item as itemSchema, listItemsResponse, type Item } from '@shared/contracts/items';
import { seedEbayFields, seedEbayListing } from '../test/ebay-listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem } from '../test/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const listing = (user: TestUser, itemId: string, sku: string, values: Omit<Parameters<typeof seedEbayListing>[1], 'userId' | 'itemId'>) =>
  seedEbayListing(t.deps.database.db, { userId: user.id, itemId, ...values, data: { sku } });

const list = async (user: TestUser) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/items?view=batches', headers: { cookie: user.cookie } });
  expect(response.statusCode).toBe(200);
  return listItemsResponse.parse(response.json()).items;
};

describe('the item carries its eBay listing state', () => {
  it('answers publish null, publishing, published with its URL, failed with the error, in the list and the item', async () => {
    const user = await t.makeUser();
    const never = await createItem(t.app, user.cookie, { sku: 'NEVER-1' });
    const busy = await createItem(t.app, user.cookie, { sku: 'BUSY-1' });
    const live = await createItem(t.app, user.cookie, { sku: 'LIVE-1' });
    const refused = await createItem(t.app, user.cookie, { sku: 'REFUSED-1' });
    await listing(user, busy.id, busy.sku, { publishStatus: 'publishing', price: money(1250), quantity: 2 });
    await listing(user, live.id, live.sku, {
      publishStatus: 'published',
      price: money(3000),
      quantity: 1,
      listingUrl: 'https://www.sandbox.ebay.com/itm/110001',
    });
    await listing(user, refused.id, refused.sku, {
      publishStatus: 'failed',
      price: money(999),
      publishError: 'Department is required by eBay',
    });

    const bySku = new Map((await list(user)).map((i) => [i.sku, ebayPublishStateOf(i)]));
    expect(bySku.get('NEVER-1')).toBeNull();
    expect(bySku.get('BUSY-1')).toEqual({
      status: 'publishing',
      listingUrl: null,
      error: null,
      price: money(1250),
      quantity: 2,
      change: null,
    });
    expect(bySku.get('LIVE-1')).toEqual({
      status: 'published',
      listingUrl: 'https://www.sandbox.ebay.com/itm/110001',
      error: null,
      price: money(3000),
      quantity: 1,
      change: null,
    });
    expect(bySku.get('REFUSED-1')).toEqual({
      status: 'failed',
      listingUrl: null,
      error: 'Department is required by eBay',
      price: money(999),
      quantity: 1,
      change: null,
    });
    expect(bySku.size).toBe(4);

    const one = await t.app.inject({ method: 'GET', url: `/api/items/${live.id}`, headers: { cookie: user.cookie } });
    expect(ebayPublishStateOf(itemSchema.parse(one.json()))?.listingUrl).toBe('https://www.sandbox.ebay.com/itm/110001');
    const fresh = await t.app.inject({ method: 'GET', url: `/api/items/${never.id}`, headers: { cookie: user.cookie } });
    expect(ebayPublishStateOf(fresh.json() as Item)).toBeNull();
  });

  it('a draft eBay listing holding only the category and grade is no publish state, but its fields show', async () => {
    const user = await t.makeUser();
    const drafted = await createItem(t.app, user.cookie, { sku: 'DRAFTED-1' });
    await seedEbayFields(t.deps.database.db, user.id, drafted.id, { categoryId: '11483', categoryName: 'Jeans', conditionGrade: 'good' });
    const category = { categoryId: '11483', categoryName: 'Jeans', conditionGrade: 'good' };
    const listed = (await list(user)).find((i) => i.id === drafted.id)!;
    expect(ebayPublishStateOf(listed)).toBeNull();
    expect(ebayCategoryOf(listed)).toEqual(category);
    // The eBay entry is a draft with eBay's part; no price yet (no asking price), none of its own.
    expect(listed.listings).toEqual([
      expect.objectContaining({
        channel: 'ebay',
        status: 'draft',
        price: null,
        ownPrice: false,
        part: expect.objectContaining({ settingsSaved: false }),
      }),
    ]);
    const one = await t.app.inject({ method: 'GET', url: `/api/items/${drafted.id}`, headers: { cookie: user.cookie } });
    expect(ebayPublishStateOf(one.json())).toBeNull();
    expect(ebayCategoryOf(one.json())).toEqual(category);
  });

  it("never shows another seller's listing row", async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const mine = await createItem(t.app, owner.cookie, { sku: 'MINE-1' });
    // A row that names the item but belongs to someone else is not the item's listing.
    await listing(other, mine.id, mine.sku, { publishStatus: 'published', listingUrl: 'https://example.test/x' });
    expect(ebayPublishStateOf((await list(owner)).find((i) => i.id === mine.id)!)).toBeNull();
  });

  it('lists 60 items, each with its own state, in one page', async () => {
    const user = await t.makeUser();
    const created: Item[] = [];
    for (let i = 0; i < 60; i++) created.push(await createItem(t.app, user.cookie, { sku: `MANY-${i}` }));
    for (const [i, c] of created.entries()) {
      if (i % 3 === 0)
        await listing(user, c.id, c.sku, { publishStatus: 'published', price: money((i + 1) * 100), listingUrl: `https://e.test/${i}` });
    }
    const response = await t.app.inject({ method: 'GET', url: '/api/items?view=batches&limit=100', headers: { cookie: user.cookie } });
    const items = listItemsResponse.parse(response.json()).items;
    expect(items).toHaveLength(60);
    for (const i of items) {
      const n = Number(i.sku.split('-')[1]);
      expect(ebayPublishStateOf(i)).toEqual(
        n % 3 === 0
          ? { status: 'published', listingUrl: `https://e.test/${n}`, error: null, price: money((n + 1) * 100), quantity: 1, change: null }
          : null,
      );
    }
  });
});
