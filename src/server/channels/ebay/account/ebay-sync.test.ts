import { paced } from '@shared/testing/pace';
import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { ebayDeleteMessages } from '@shared/domain/ebay-delete';
import { ebaySkuMessages } from '@shared/domain/ebay-sku';
import { composeServices } from '../../../compose';
import { ebaySetupFrom } from '../setup';
import { items } from '../../../db/schema';
import { ebayListingRow } from '../../../test/ebay-listings';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { makeJpeg } from '../../../test/images';
import { silentLog } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';
import { connectFakeEbayAccount, fakeEbayEnv } from '../../../test/fake-ebay-seller';

/** Deleting ends the eBay listing; an item never writes an eBay SKU it did not create. */
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({ ...fakeEbayEnv(fake) });
  const { jobs: registry } = composeServices({ ...t.deps, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config) });
  pool = createWorkerPool({ db: t.deps.database.db, registry, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 50; ran++);
}

let ebayUsers = 0;
/** A new eBay user on the fake (each test its own, as the fake keeps inventory per eBay user). */
function newEbayUser(): string {
  ebayUsers += 1;
  const userId = `synctest${ebayUsers}immutable`;
  fake.state.sellers.push({ userId, username: `sync_seller_${ebayUsers}` });
  return userId;
}

/** A signed-in seller connected (through the fake's consent page) to the eBay user, ready to publish. */
async function connectedSeller(ebayUserId: string): Promise<TestUser> {
  const user = await t.makeUser();
  await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId, readyToPublish: true });
  return user;
}

/** A product with a written listing, published to the fake through the route and the job. */
async function publishedItem(user: TestUser, title: string, price = money(3000)) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await t.deps.database.db
    .update(items)
    .set({
      category: 'Mens Bottoms',
      condition: 'excellent',
      brand: 'Levi',
      aiTitle: title,
      aiDescription: 'Classic straight-leg jeans in a dark indigo wash, five pockets, zip fly, barely worn.',
      aiGenerationStatus: 'completed',
      extractedDepartment: 'Men',
    })
    .where(eq(items.id, item.id));
  await publish(user, item.id, price);
  return item;
}

async function publish(user: TestUser, itemId: string, price = money(3000)) {
  const form = {
    price,
    quantity: 1,
    condition: 'excellent',
    categoryId: '11483',
    sizeType: 'Regular',
    size: '32',
    brand: 'Levi',
    color: 'Blue',
  };
  expect((await api(user, 'POST', `/api/items/${itemId}/publish`, form)).statusCode).toBe(202);
  await runAllDue();
  const listing = await ebayListingRow(t.deps.database.db, itemId);
  return listing!;
}

const itemExists = async (id: string) => (await t.deps.database.db.select({ id: items.id }).from(items).where(eq(items.id, id))).length > 0;
const listingOf = (listingId: string | null) => [...fake.state.listings.values()].find((l) => l.listingId === listingId);
const fakeItems = (ebayUserId: string) => fake.snapshot().sellers[ebayUserId]?.inventoryItems ?? {};

describe('deleting a product that is live on eBay', () => {
  it('withdraws the offer, frees the SKU on eBay, then deletes the product', async () => {
    const ebayUser = newEbayUser();
    const user = await connectedSeller(ebayUser);
    const item = await publishedItem(user, "Levi's 501 Men's Jeans 32x30 Blue");
    const listing = await ebayListingRow(t.deps.database.db, item.id);
    expect(listing).toMatchObject({ publishStatus: 'published', ebaySku: item.sku });
    expect(listingOf(listing!.listingId)?.status).toBe('ACTIVE');

    const answer = await api(user, 'DELETE', `/api/items/${item.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ deletedIds: [item.id], refused: [] });
    expect(await itemExists(item.id)).toBe(false);
    expect(listingOf(listing!.listingId)?.status).toBe('ENDED');
    expect([...fake.state.offers.values()].filter((o) => o.sku === item.sku && o.status === 'PUBLISHED')).toEqual([]);
    expect(fakeItems(ebayUser)[item.sku]).toBeUndefined();
    expect(fake.state.calls.map((c) => c.operationId)).toEqual(expect.arrayContaining(['withdrawOffer', 'deleteInventoryItem']));
  });

  it('keeps the product and says why when eBay refuses to end the listing', async () => {
    const ebayUser = newEbayUser();
    const user = await connectedSeller(ebayUser);
    const item = await publishedItem(user, "Levi's 501 Men's Jeans 32x30 Blue");
    const listing = (await ebayListingRow(t.deps.database.db, item.id))!;
    fake.failNext('withdrawOffer', { status: 500, errorId: 25001, message: 'A system error has occurred.' });

    const answer = await api(user, 'DELETE', `/api/items/${item.id}`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(ebayDeleteMessages.refused(item.sku, 'A system error has occurred'));
    expect(await itemExists(item.id)).toBe(true);
    expect(listingOf(listing.listingId)?.status).toBe('ACTIVE');
  });

  it('in bulk deletes the others and keeps and names the one eBay refused', async () => {
    const ebayUser = newEbayUser();
    const user = await connectedSeller(ebayUser);
    const first = await publishedItem(user, "Levi's 501 Men's Jeans 32x30 Blue");
    const second = await publishedItem(user, 'Uniqlo Mens Oxford Shirt M White');
    const draft = (await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }])).item;
    fake.failNext('withdrawOffer', { status: 400, errorId: 25402, message: 'System error. Unable to end the listing.' });

    const answer = await api(user, 'POST', '/api/items/delete', { ids: [first.id, second.id, draft.id] });
    expect(answer.statusCode).toBe(200);
    const { deletedIds, refused } = answer.json() as { deletedIds: string[]; refused: { itemId: string; sku: string; message: string }[] };
    expect(refused).toHaveLength(1);
    const kept = refused[0]!;
    expect(kept.message).toBe(ebayDeleteMessages.refused(kept.sku, 'System error. Unable to end the listing'));
    expect(deletedIds.sort()).toEqual([first.id, second.id, draft.id].filter((id) => id !== kept.itemId).sort());
    expect(await itemExists(kept.itemId)).toBe(true);
    const listings = [...fake.state.listings.values()];
    expect(listings.find((l) => l.sku === kept.sku)?.status).toBe('ACTIVE');
    expect(listings.filter((l) => l.sku !== kept.sku).map((l) => l.status)).toEqual(['ENDED']);
  });

  it('keeps the product when eBay cannot be reached to end the listing', async () => {
    const ebayUser = newEbayUser();
    const user = await connectedSeller(ebayUser);
    const item = await publishedItem(user, "Levi's 501 Men's Jeans 32x30 Blue");
    const url = fake.url;
    await fake.close();
    try {
      const answer = await api(user, 'DELETE', `/api/items/${item.id}`);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(ebayDeleteMessages.unreachable(item.sku));
      expect(await itemExists(item.id)).toBe(true);
    } finally {
      const sellers = fake.state.sellers;
      fake = await startFakeEbay({ port: Number(new URL(url).port), callbackUrl: 'http://localhost:3000/ebay-callback', sellers });
    }
  });
});

describe('deleting the listing of a product that is live on eBay (Generate Listings)', () => {
  it('ends it on eBay first; the product stays, no longer published', async () => {
    const ebayUser = newEbayUser();
    const user = await connectedSeller(ebayUser);
    const item = await publishedItem(user, "Levi's 501 Men's Jeans 32x30 Blue");
    const listing = (await ebayListingRow(t.deps.database.db, item.id))!;

    const answer = await api(user, 'POST', '/api/listings/delete', { itemIds: [item.id] });
    expect(answer.json()).toEqual({ resetIds: [item.id], refused: [] });
    expect(listingOf(listing.listingId)?.status).toBe('ENDED');
    expect(await itemExists(item.id)).toBe(true);
    const reset = (await api(user, 'GET', `/api/items/${item.id}`)).json();
    expect(reset).toMatchObject({ aiGenerationStatus: 'pending' });
    expect(ebayPublishStateOf(reset)).toBeNull();
  });

  it('keeps the listing and says why when eBay refuses', async () => {
    const ebayUser = newEbayUser();
    const user = await connectedSeller(ebayUser);
    const item = await publishedItem(user, "Levi's 501 Men's Jeans 32x30 Blue");
    const listing = (await ebayListingRow(t.deps.database.db, item.id))!;
    fake.failNext('withdrawOffer', { status: 500, errorId: 25001, message: 'A system error has occurred.' });

    const answer = await api(user, 'DELETE', `/api/items/${item.id}/listing`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(ebayDeleteMessages.refused(item.sku, 'A system error has occurred'));
    expect(listingOf(listing.listingId)?.status).toBe('ACTIVE');
    const kept = (await api(user, 'GET', `/api/items/${item.id}`)).json();
    expect(kept).toMatchObject({ aiGenerationStatus: 'completed' });
    expect(ebayPublishStateOf(kept)).toMatchObject({ status: 'published' });
  });
});

describe('one eBay account, two shops', () => {
  it('refuses to write a SKU another account of this app created there, and warns at connect', async () => {
    const ebayUser = newEbayUser();
    const shopA = await connectedSeller(ebayUser);
    const levis = await publishedItem(shopA, "Levi's 501 Men's Jeans 32x30 Blue", money(2499));
    expect((await api(shopA, 'GET', '/api/ebay/connection')).json().connection.sharedWithAnotherAccount).toBe(false);

    const shopB = await connectedSeller(ebayUser);
    const connectionB = (await api(shopB, 'GET', '/api/ebay/connection')).json();
    expect(connectionB.connection.sharedWithAnotherAccount).toBe(true);
    expect(JSON.stringify(connectionB)).not.toContain('@');
    expect((await api(shopA, 'GET', '/api/ebay/connection')).json().connection.sharedWithAnotherAccount).toBe(true);

    const { item: uniqlo } = await createItemWithPhotos(t.app, shopB.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await t.deps.database.db
      .update(items)
      .set({
        aiTitle: 'Uniqlo Mens Oxford Shirt M White',
        category: 'Mens Tops',
        condition: 'excellent',
        aiDescription: 'Oxford shirt in white cotton, button-down collar, long sleeves, no marks or wear.',
        aiGenerationStatus: 'completed',
        extractedDepartment: 'Men',
      })
      .where(eq(items.id, uniqlo.id));
    expect(uniqlo.sku).toBe(levis.sku);
    const refused = await publish(shopB, uniqlo.id, money(950));
    expect(refused).toMatchObject({ publishStatus: 'failed', publishError: ebaySkuMessages.taken(levis.sku), ebaySku: null });
    expect((fakeItems(ebayUser)[levis.sku] as { product: { title: string } }).product.title).toBe("Levi's 501 Men's Jeans 32x30 Blue");
    const offerA = [...fake.state.offers.values()].find((o) => o.sku === levis.sku)!;
    expect(offerA).toMatchObject({ status: 'PUBLISHED', details: { pricingSummary: { price: { value: '24.99' } } } });

    // With its own prefix, shop B's product is its own SKU on eBay; shop A's listing is untouched.
    expect((await api(shopB, 'PUT', '/api/ebay/sku-prefix', { skuPrefix: 'b2-' })).json()).toEqual({ skuPrefix: 'B2-' });
    expect((await api(shopB, 'GET', '/api/ebay/connection')).json().skuPrefix).toBe('B2-');
    const published = await publish(shopB, uniqlo.id, money(950));
    expect(published).toMatchObject({ publishStatus: 'published', ebaySku: `B2-${uniqlo.sku}` });
    expect(fakeItems(ebayUser)[`B2-${uniqlo.sku}`]).toBeDefined();
    expect((fakeItems(ebayUser)[levis.sku] as { product: { title: string } }).product.title).toBe("Levi's 501 Men's Jeans 32x30 Blue");
    expect(fake.state.offers.get(offerA.offerId)).toMatchObject({
      status: 'PUBLISHED',
      details: { pricingSummary: { price: { value: '24.99' } } },
    });

    // A changed prefix does not move a listed product: revising uses the SKU eBay knows.
    await api(shopB, 'PUT', '/api/ebay/sku-prefix', { skuPrefix: 'SHOP-B-' });
    expect(await publish(shopB, uniqlo.id, money(1100))).toMatchObject({ publishStatus: 'published', ebaySku: `B2-${uniqlo.sku}` });
    expect(fakeItems(ebayUser)[`SHOP-B-${uniqlo.sku}`]).toBeUndefined();
  });

  it('refuses a SKU the eBay account already holds from elsewhere, and leaves that item alone', async () => {
    const ebayUser = newEbayUser();
    const user = await connectedSeller(ebayUser);
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    fake.state.seedInventoryItem(ebayUser, item.sku, { product: { title: 'Vintage teapot', imageUrls: [] } });
    await t.deps.database.db
      .update(items)
      .set({
        aiTitle: "Levi's 501 Men's Jeans 32x30 Blue",
        category: 'Mens Bottoms',
        condition: 'excellent',
        aiDescription: 'Straight-leg jeans in a mid-blue wash, five pockets, zip fly, lightly worn.',
        aiGenerationStatus: 'completed',
        extractedDepartment: 'Men',
      })
      .where(eq(items.id, item.id));
    expect(await publish(user, item.id)).toMatchObject({ publishStatus: 'failed', publishError: ebaySkuMessages.taken(item.sku) });
    expect((fakeItems(ebayUser)[item.sku] as { product: { title: string } }).product.title).toBe('Vintage teapot');
    expect(fake.state.calls.filter((c) => c.operationId === 'createOrReplaceInventoryItem')).toEqual([]);
  });

  it('refuses a prefix eBay would not take', async () => {
    const user = await t.makeUser();
    const answer = await api(user, 'PUT', '/api/ebay/sku-prefix', { skuPrefix: 'my shop!' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(ebaySkuMessages.prefixInvalid);
  });
});
