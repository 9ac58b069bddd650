import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Item } from '@shared/contracts/items';
import { channelListings, items, sales } from '../db/schema';
import { seedEbayListing } from '../test/ebay-listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem } from '../test/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const skus = async (user: TestUser, query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/items?${query}`, headers: { cookie: user.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().items.map((i: Item) => i.sku);
};
const setItem = (id: string, values: Partial<typeof items.$inferInsert>) =>
  t.deps.database.db.update(items).set(values).where(eq(items.id, id));

describe('GET /api/items?q=', () => {
  it('finds by SKU, AI title or brand, case-insensitively; % and _ match themselves', async () => {
    const user = await t.makeUser();
    const jeans = await createItem(t.app, user.cookie, { sku: 'JEANS-042', brand: "Levi's" });
    const shirt = await createItem(t.app, user.cookie, { sku: 'SHIRT-7' });
    await setItem(shirt.id, { aiTitle: 'Vintage 100% cotton shirt', extractedBrand: 'Patagonia' });
    await createItem(t.app, user.cookie, { sku: 'COAT_1' });
    const other = await t.makeUser();
    await createItem(t.app, other.cookie, { sku: 'JEANS-043' });

    expect(await skus(user, 'q=jeans-04')).toEqual([jeans.sku]);
    expect(await skus(user, 'q=LEVI')).toEqual([jeans.sku]);
    expect(await skus(user, 'q=vintage')).toEqual([shirt.sku]);
    expect(await skus(user, 'q=patagonia')).toEqual([shirt.sku]);
    expect(await skus(user, 'q=100%25')).toEqual([shirt.sku]);
    expect(await skus(user, 'q=0%25')).toEqual([shirt.sku]);
    expect(await skus(user, 'q=t_1')).toEqual(['COAT_1']);
    expect(await skus(user, 'q=s_i')).toEqual([]);
    expect(await skus(user, 'q=%20%20')).toEqual(['COAT_1', shirt.sku, jeans.sku]);
    expect(await skus(other, 'q=jeans')).toEqual(['JEANS-043']);
  });

  it('pages through matches with the cursor, newest first', async () => {
    const user = await t.makeUser();
    for (let i = 1; i <= 5; i++) await createItem(t.app, user.cookie, { sku: `MATCH-${i}` });
    await createItem(t.app, user.cookie, { sku: 'OTHER-1' });
    const first = await t.app.inject({ method: 'GET', url: '/api/items?q=match&limit=3', headers: { cookie: user.cookie } });
    expect(first.json().items.map((i: Item) => i.sku)).toEqual(['MATCH-5', 'MATCH-4', 'MATCH-3']);
    const next = first.json().nextCursor as string;
    expect(await skus(user, `q=match&limit=3&cursor=${next}`)).toEqual(['MATCH-2', 'MATCH-1']);
  });
});

describe('GET /api/items?status=', () => {
  it('filters draft, listing_ready, published and failed', async () => {
    const user = await t.makeUser();
    const draft = await createItem(t.app, user.cookie);
    const ready = await createItem(t.app, user.cookie);
    const aiFailed = await createItem(t.app, user.cookie);
    const published = await createItem(t.app, user.cookie);
    const publishFailed = await createItem(t.app, user.cookie);
    await setItem(ready.id, { aiGenerationStatus: 'completed', listingReady: true });
    await setItem(aiFailed.id, { aiGenerationStatus: 'failed', aiGenerationError: 'boom' });
    await setItem(published.id, { aiGenerationStatus: 'completed', listingReady: true });
    await setItem(publishFailed.id, { aiGenerationStatus: 'completed', listingReady: true });
    await seedEbayListing(t.deps.database.db, { userId: user.id, itemId: published.id, publishStatus: 'published' });
    await seedEbayListing(t.deps.database.db, { userId: user.id, itemId: publishFailed.id, publishStatus: 'failed' });

    expect(await skus(user, 'status=draft')).toEqual([draft.sku]);
    expect(await skus(user, 'status=listing_ready')).toEqual([publishFailed.sku, ready.sku]);
    expect(await skus(user, 'status=published')).toEqual([published.sku]);
    expect(await skus(user, 'status=failed')).toEqual([publishFailed.sku, aiFailed.sku]);
    expect(await skus(user, `status=draft&q=${draft.sku}`)).toEqual([draft.sku]);
    expect(await skus(user, `status=failed&q=${draft.sku}`)).toEqual([]);
  });

  it('filters sold_twice: more units sold than the item had, on two marketplaces, until one is cancelled', async () => {
    const user = await t.makeUser();
    const db = t.deps.database.db;
    let orders = 0;
    const sell = async (userId: string, itemId: string, channel: 'ebay' | 'etsy') => {
      orders += 1;
      const [row] = await db
        .insert(sales)
        .values({
          userId,
          itemId,
          channel,
          externalOrderId: `T-${orders}`,
          externalLineId: `L-${orders}`,
          quantity: 1,
          priceMinor: 2900,
          shippingChargedMinor: 0,
          currency: 'USD',
          soldAt: new Date(),
        })
        .returning();
      return row!;
    };
    const liveOnTwo = async (owner: TestUser, quantity: number) => {
      const item = await createItem(t.app, owner.cookie);
      await seedEbayListing(db, { userId: owner.id, itemId: item.id, publishStatus: 'published', quantity });
      await db.insert(channelListings).values({ userId: owner.id, itemId: item.id, channel: 'etsy', status: 'live', quantity });
      return item;
    };
    const twice = await liveOnTwo(user, 1);
    const once = await liveOnTwo(user, 1);
    const twoOfTwo = await liveOnTwo(user, 2);
    const sameChannelTwice = await liveOnTwo(user, 1);
    await sell(user.id, twice.id, 'ebay');
    const etsySale = await sell(user.id, twice.id, 'etsy');
    await sell(user.id, once.id, 'ebay');
    await sell(user.id, twoOfTwo.id, 'ebay');
    await sell(user.id, twoOfTwo.id, 'etsy');
    await sell(user.id, sameChannelTwice.id, 'ebay');
    await sell(user.id, sameChannelTwice.id, 'ebay');
    const other = await t.makeUser();
    const othersTwice = await liveOnTwo(other, 1);
    await sell(other.id, othersTwice.id, 'ebay');
    await sell(other.id, othersTwice.id, 'etsy');

    expect(await skus(user, 'status=sold_twice')).toEqual([twice.sku]);
    expect(await skus(user, `status=sold_twice&q=${once.sku}`)).toEqual([]);
    expect(await skus(other, 'status=sold_twice')).toEqual([othersTwice.sku]);
    // The seller cancelled one of the two orders ("I cancelled this one"): no longer sold twice.
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/items/${twice.id}/double-sale/resolve`,
      headers: { cookie: user.cookie },
      payload: { cancelledSaleId: etsySale.id },
    });
    expect(resolved.statusCode, resolved.body).toBeLessThan(300);
    expect(await skus(user, 'status=sold_twice')).toEqual([]);
  });

  it('refuses an unknown status with a 400', async () => {
    const user = await t.makeUser();
    const response = await t.app.inject({ method: 'GET', url: '/api/items?status=shipped', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(400);
  });
});
