import { paced } from '@shared/testing/pace';
import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { seedLiveListings } from '../../../../../fakes/ebay/fake-ebay-import';
import { ebayImportPaths, type EbayImport } from '@shared/contracts/ebay-import';
import type { Item } from '@shared/contracts/items';
import { composeServices } from '../../../compose';
import { ebaySetupFrom } from '../setup';
import { channelListings, itemImages, items, jobs } from '../../../db/schema';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { silentLog } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { connectFakeEbayAccount, fakeEbayEnv } from '../../../test/fake-ebay-seller';
import { categoryOf, importKeyOf, itemSkuOf } from './listing-import';
import { parseMoney } from '@shared/domain/money';

/** Bringing in what a seller already has live on eBay, through the route, the job and the fake eBay. */
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

const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 50; ran++);
}

let ebayUsers = 0;
async function connectedSeller(): Promise<{ user: TestUser; ebayUserId: string }> {
  ebayUsers += 1;
  const ebayUserId = `importtest${ebayUsers}immutable`;
  fake.state.sellers.push({ userId: ebayUserId, username: `import_seller_${ebayUsers}` });
  const user = await t.makeUser();
  await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId });
  return { user, ebayUserId };
}

async function startImport(user: TestUser, listingIds = ''): Promise<EbayImport> {
  const answer = await api(user, 'POST', ebayImportPaths.imports, { listingIds });
  expect(answer.statusCode, answer.body).toBe(202);
  await runAllDue();
  const read = await api(user, 'GET', ebayImportPaths.one(answer.json().import.id));
  expect(read.statusCode).toBe(200);
  return read.json().import as EbayImport;
}

const itemsOf = (userId: string) => t.deps.database.db.select().from(items).where(eq(items.userId, userId));

describe('importing live eBay listings', () => {
  it('brings in Inventory API listings and migrated site-made ones, names each refusal with eBay’s words, and a second run adds nothing', async () => {
    const { user, ebayUserId } = await connectedSeller();
    const seeded = seedLiveListings(fake.state, fake.url, {
      sellerUserId: ebayUserId,
      inventory: 6,
      siteMade: 4,
      auctions: 2,
      withoutSku: 1,
      photos: 2,
    });
    const fixed = seeded.siteListingIds.slice(0, 4);
    // what a seller pastes: a column of item numbers and a listing link or two
    const pasted = [`https://www.ebay.com/itm/${fixed[0]}?hash=x`, ...fixed.slice(1), ...seeded.auctionIds, ...seeded.withoutSkuIds].join(
      '\n',
    );

    const first = await startImport(user, pasted);
    expect(first).toMatchObject({ status: 'done', listingIds: 7, total: 10, done: 10, imported: 10, alreadyHere: 0, error: null });
    expect(first.refusals.map((r) => r.listingId).sort()).toEqual([...seeded.auctionIds, ...seeded.withoutSkuIds].sort());
    expect(first.refusals.find((r) => r.listingId === seeded.auctionIds[0])!.message).toBe(
      'Cannot migrate listing. Only fixed-price listings can be migrated; this listing is an auction.',
    );
    expect(first.refusals.find((r) => r.listingId === seeded.withoutSkuIds[0])!.message).toMatch(/seller-defined SKU/);
    expect(fake.state.calls.filter((c) => c.operationId === 'bulkMigrateListing')).toHaveLength(2); // 7 ids, five a call

    const made = await itemsOf(user.id);
    expect(made.map((i) => i.sku).sort()).toEqual(
      [...seeded.inventorySkus, ...fixed.map((id) => fake.state.siteListings.get(id)!.sku!)].sort(),
    );
    const one = made.find((i) => i.sku === seeded.inventorySkus[0])!;
    const item = (await api(user, 'GET', `/api/items/${one.id}`)).json() as Item;
    expect(item.aiTitle).toMatch(/denim shirt/);
    expect(item.aiDescription).toMatch(/denim shirt/);
    expect(item.brand).toBeTruthy();
    expect(item).toMatchObject({ category: 'Mens Tops', condition: 'good', extractedSize: expect.any(String), listingReady: true });
    expect(item.images).toHaveLength(2);
    expect(item.images[0]!.thumbnailUrl).toBeTruthy();
    expect(ebayPublishStateOf(item)).toMatchObject({ status: 'published' });
    const photos = await t.deps.database.db.select().from(itemImages).where(eq(itemImages.itemId, one.id));
    expect(photos.every((p) => p.thumbPath.includes('.thumb.'))).toBe(true);
    const [listing] = await t.deps.database.db.select().from(channelListings).where(eq(channelListings.itemId, one.id));
    const offer = [...fake.state.offers.values()].find((o) => o.sku === one.sku)!;
    expect(listing).toMatchObject({
      status: 'live',
      externalId: offer.listingId,
      priceMinor: parseMoney((offer.details.pricingSummary as { price: { value: string } }).price.value)!.amountMinor,
    });
    expect(listing!.data).toMatchObject({ ebaySku: one.sku, offerId: offer.offerId });
    expect(listing!.url).toContain(offer.listingId);

    // the same again, ids pasted again too: nothing twice, and no listing live here is called refused
    const callsBefore = fake.state.calls.length;
    const second = await startImport(user, pasted);
    expect(second).toMatchObject({ status: 'done', total: 10, done: 10, imported: 0, alreadyHere: 10 });
    expect(second.refusals.map((r) => r.listingId).sort()).toEqual([...seeded.auctionIds, ...seeded.withoutSkuIds].sort());
    expect(await itemsOf(user.id)).toHaveLength(10);
    expect(fake.state.calls.slice(callsBefore).filter((c) => c.path.startsWith('/images/'))).toEqual([]);
  });

  it('eBay ending the seller’s token before its time: refreshed once, and every listing comes in', async () => {
    const { user, ebayUserId } = await connectedSeller();
    const seeded = seedLiveListings(fake.state, fake.url, { sellerUserId: ebayUserId, inventory: 3, siteMade: 2, photos: 1 });
    // The first pull of sales that connecting queued, first: its own refresh on a refusal is not the import's.
    await runAllDue();
    const refreshes = fake.state.tokensIssued.refresh_token;
    // eBay answers 401 (errorId 1001) to the token the app holds as good for two more hours.
    fake.expireAccessTokens(ebayUserId);
    const done = await startImport(user, seeded.siteListingIds.join('\n'));
    expect(done).toMatchObject({ status: 'done', error: null, total: 5, done: 5, imported: 5 });
    expect(fake.state.tokensIssued.refresh_token - refreshes).toBe(1);
    expect(await itemsOf(user.id)).toHaveLength(5);
  });

  it('an item made before a crash (its listing not yet written) is finished, not made again', async () => {
    const { user, ebayUserId } = await connectedSeller();
    const seeded = seedLiveListings(fake.state, fake.url, { sellerUserId: ebayUserId, inventory: 3, photos: 1 });
    await startImport(user);
    const sku = seeded.inventorySkus[1]!;
    const [row] = await itemsOf(user.id).then((all) => all.filter((i) => i.sku === sku));
    // as if the process died between the item's transaction and its listing's
    await t.deps.database.db.delete(channelListings).where(and(eq(channelListings.itemId, row!.id), eq(channelListings.userId, user.id)));
    expect(row!.uploadKey).toBe(importKeyOf(user.id, sku));
    const again = await startImport(user);
    expect(again).toMatchObject({ status: 'done', total: 3, done: 3, imported: 0 });
    expect(await itemsOf(user.id)).toHaveLength(3);
    const [listing] = await t.deps.database.db.select().from(channelListings).where(eq(channelListings.itemId, row!.id));
    expect(listing).toMatchObject({ status: 'live' });
  });

  it('keeps the item SKU without the seller’s eBay SKU prefix, and refuses a SKU another product here holds', async () => {
    expect(itemSkuOf('SHOP2-PSTFSH-001', 'SHOP2-')).toBe('PSTFSH-001');
    expect(itemSkuOf('EB-API-0001', '')).toBe('EB-API-0001');
    expect(itemSkuOf('SHOP2-', 'SHOP2-')).toBe('SHOP2-');
    expect(categoryOf("Levi's 501 jeans W32", 'Women')).toBe('Womens Jeans');
    expect(categoryOf('Barbour wax jacket', 'Men')).toBe('Mens Outerwear');
    expect(categoryOf('Nike running shoes', undefined)).toBe('Shoes');
    expect(categoryOf('Vintage scarf print', undefined)).toBe('Accessories');
    expect(categoryOf('Mystery lot', 'Men')).toBeNull();
    const { user, ebayUserId } = await connectedSeller();
    const seeded = seedLiveListings(fake.state, fake.url, { sellerUserId: ebayUserId, inventory: 2, photos: 1 });
    expect((await api(user, 'POST', '/api/items', { sku: seeded.inventorySkus[0] })).statusCode).toBe(201);
    const done = await startImport(user);
    expect(done).toMatchObject({ status: 'done', total: 2, done: 2, imported: 1 });
    expect(done.refusals).toEqual([
      {
        listingId: expect.any(String),
        sku: seeded.inventorySkus[0],
        message: expect.stringMatching(/already used here by another product/),
      },
    ]);
  });

  it('waits out eBay being busy and carries on', async () => {
    const { user, ebayUserId } = await connectedSeller();
    seedLiveListings(fake.state, fake.url, { sellerUserId: ebayUserId, inventory: 2, photos: 1 });
    fake.failNext('getInventoryItems', { status: 500, errorId: 25001, message: 'A system error has occurred.' });
    const answer = await api(user, 'POST', ebayImportPaths.imports, {});
    await runAllDue();
    const waiting = (await api(user, 'GET', ebayImportPaths.one(answer.json().import.id))).json().import as EbayImport;
    expect(waiting).toMatchObject({ status: 'running', error: 'eBay is busy - retrying in 5s...' });
    // the wait passed
    await t.deps.database.db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.userId, user.id));
    await runAllDue();
    const done = (await api(user, 'GET', ebayImportPaths.one(answer.json().import.id))).json().import as EbayImport;
    expect(done).toMatchObject({ status: 'done', total: 2, imported: 2, error: null });
  });

  it('answers only the seller’s own imports: another user gets 404, their latest is their own, and an unconnected seller cannot start one', async () => {
    const { user, ebayUserId } = await connectedSeller();
    seedLiveListings(fake.state, fake.url, { sellerUserId: ebayUserId, inventory: 1, photos: 1 });
    const mine = await startImport(user);
    const other = await t.makeUser();
    expect((await api(other, 'GET', ebayImportPaths.one(mine.id))).statusCode).toBe(404);
    expect((await api(other, 'GET', ebayImportPaths.latest)).json()).toEqual({ import: null });
    expect((await api(user, 'GET', ebayImportPaths.latest)).json().import.id).toBe(mine.id);
    const refused = await api(other, 'POST', ebayImportPaths.imports, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Connect your eBay account before importing.');
    expect(await itemsOf(other.id)).toHaveLength(0);
  });
});
