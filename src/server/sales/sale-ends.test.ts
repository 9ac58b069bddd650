import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { startFakeEtsy, type FakeEtsy } from '../../../fakes/etsy/etsy-server';
import { startFakeShopify, type FakeShopify } from '../../../fakes/shopify/shopify-server';
import type { Item } from '@shared/contracts/items';
import type { ProfitResponse } from '@shared/contracts/profit';
import { saleEndsPaths, type DoubleSalesResponse } from '@shared/contracts/sale-ends';
import type { Channel } from '@shared/domain/channel-listing';
import { channelListings, items, jobs, sales } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { ebayListingRow } from '../test/ebay-listings';
import { connectFakeEbayAccount, fakeEbayEnv } from '../test/fake-ebay-seller';
import { connectEtsyThroughApp, etsyShopSetup, fakeEtsyEnv } from '../test/fake-etsy-seller';
import { makeJpeg } from '../test/images';
import { drain, leviJeansPublishForm, silentLog, writeLeviJeansListing } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import { stockLeft } from './sales-repo';

/**
 * Ending everything else at once after a sale (decision 083), against the fake eBay, Etsy and Shopify over HTTP through the
 * real clients: quantity above 1 revises the other channels down, a failed end is retried and shown until it
 * succeeds, and two sales of the last unit are one double sale, no sale counted twice.
 */
let ebay: FakeEbay;
let etsy: FakeEtsy;
let shopify: FakeShopify;
let t: TestApp;
let pool: WorkerPool;
let sellers = 0;

beforeAll(async () => {
  ebay = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  etsy = await startFakeEtsy({ callsPerSecond: 0 });
  shopify = await startFakeShopify();
  t = await createTestApp({
    ...fakeEbayEnv(ebay),
    ...fakeEtsyEnv(etsy),
    SHOPIFY_API_KEY: shopify.clientId,
    SHOPIFY_API_SECRET: shopify.clientSecret,
    SHOPIFY_SHOP_ORIGIN: shopify.url,
  });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await Promise.all([ebay?.close(), etsy?.close(), shopify?.close()]);
});
afterEach(() => {
  expect(ebay.contractViolations).toEqual([]);
  expect(etsy.contractViolations).toEqual([]);
  expect(shopify.contractViolations).toEqual([]);
});

const db = () => t.deps.database.db;
const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

/** A seller connected to eBay, Etsy and (with `withShopify`) a Shopify store of the fakes. */
async function connectedSeller(withShopify: boolean) {
  sellers += 1;
  const ebayUserId = `ends${sellers}immutable`;
  ebay.state.sellers.push({ userId: ebayUserId, username: `ends_seller_${sellers}` });
  const user = await t.makeUser();
  await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId, readyToPublish: true });
  expect((await connectEtsyThroughApp(t.app, user.cookie)).statusCode).toBe(200);
  await t.deps.services.channels.etsy.account.setUpShop(user.id, etsyShopSetup);
  const shop = `ends-${sellers}-${Date.now()}.myshopify.com`;
  if (withShopify) {
    const start = await api(user, 'POST', '/api/channels/shopify/connect', { shop });
    expect(start.statusCode, start.body).toBe(200);
    const install = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
    const back = new URL(install.headers.get('location')!);
    expect((await api(user, 'GET', `${back.pathname}?${back.searchParams.toString()}`)).statusCode).toBe(302);
  }
  return { user, ebayUserId, shop };
}

/** An item of `quantity` live on eBay (Publish Settings' quantity) and on each of `others`. */
async function liveItem(user: TestUser, quantity: number, others: Channel[]) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await writeLeviJeansListing(db(), item.id);
  await db().update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, item.id));
  const published = await api(user, 'POST', `/api/items/${item.id}/publish`, { ...leviJeansPublishForm, quantity });
  expect(published.statusCode, published.body).toBe(202);
  await drain(pool);
  if (others.includes('etsy')) await t.deps.services.channels.etsy.marketplace.saveWhenMade(user.id, item.id, '1990s');
  const listed = await api(user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: others });
  expect(listed.statusCode, listed.body).toBe(200);
  await drain(pool);
  const rows = await listingsOf(item.id);
  for (const channel of ['ebay', ...others]) expect(rows[channel]?.status, `${channel}: ${rows[channel]?.error}`).toBe('live');
  const ebaySku = (await ebayListingRow(db(), item.id))!.ebaySku!;
  return { itemId: item.id, sku: item.sku, ebaySku };
}

async function listingsOf(itemId: string) {
  const rows = await db().select().from(channelListings).where(eq(channelListings.itemId, itemId));
  return Object.fromEntries(rows.map((row) => [row.channel, row]));
}

/** The fake Etsy's listing of the item (SKUs repeat across sellers: found by the listing id the app keeps). */
async function etsyListingOf(itemId: string) {
  const row = (await listingsOf(itemId)).etsy;
  return etsy.snapshot().listings.find((listing) => String(listing.listing_id) === row?.externalId);
}
/** The fake Shopify's quantity of the SKU's variant in the seller's own shop. */
const shopifyQuantityOf = (shop: string, sku: string) =>
  [...shopify.shop(shop).products.values()].flatMap((product) => product.variants).find((variant) => variant.sku === sku)
    ?.inventoryQuantity;

describe('a sale on one channel, the others at once', () => {
  it('quantity 3, 1 sold on eBay: Etsy and Shopify offer 2; the last 2 sold on Etsy end eBay and Shopify', async () => {
    const { user, ebayUserId, shop } = await connectedSeller(true);
    const { itemId, sku, ebaySku } = await liveItem(user, 3, ['etsy', 'shopify']);
    expect((await etsyListingOf(itemId))?.quantity).toBe(3);
    expect(shopifyQuantityOf(shop, sku)).toBe(3);

    ebay.state.sell(ebaySku, { quantity: 1, sellerUserId: ebayUserId });
    expect(await t.deps.services.sales.pullSalesOf(user.id, 'ebay')).toMatchObject({ newSales: 1, sold: [] });
    expect(await stockLeft(db(), user.id, itemId)).toBe(2);
    await drain(pool);
    expect((await etsyListingOf(itemId))?.quantity).toBe(2);
    expect(shopifyQuantityOf(shop, sku)).toBe(2);
    const afterOne = await listingsOf(itemId);
    for (const channel of ['ebay', 'etsy', 'shopify']) expect(afterOne[channel]).toMatchObject({ status: 'live', error: null });

    etsy.seedReceipt({ sku, price: 30, quantity: 2 });
    expect(await t.deps.services.sales.pullSalesOf(user.id, 'etsy')).toMatchObject({ newSales: 1, sold: [itemId] });
    await drain(pool);
    const afterAll = await listingsOf(itemId);
    expect(afterAll.etsy?.status).toBe('sold');
    expect(afterAll.ebay?.status).toBe('ended');
    expect(afterAll.shopify?.status).toBe('ended');
    expect(await stockLeft(db(), user.id, itemId)).toBe(0);
  });

  it('a failed Etsy end is retried by the queue and shown "still live" until it succeeds', async () => {
    const { user, ebayUserId } = await connectedSeller(false);
    const { itemId, ebaySku } = await liveItem(user, 1, ['etsy']);
    etsy.failNext({ operationId: 'updateListing', status: 503, message: 'Etsy is down', times: 3 });

    ebay.state.sell(ebaySku, { quantity: 1, sellerUserId: ebayUserId });
    await t.deps.services.sales.pullSalesOf(user.id, 'ebay');
    const seen = async () => ((await api(user, 'GET', `/api/items/${itemId}`)).json() as Item).listings.find((l) => l.channel === 'etsy');
    expect(await seen()).toMatchObject({ status: 'live', error: expect.stringContaining('could not be ended on Etsy') });
    // "End it now" while Etsy is still down: still live, and still queued.
    const now = await api(user, 'POST', saleEndsPaths.endNow(itemId));
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toMatchObject({ ended: 0, stillLive: ['etsy'] });
    expect((await etsyListingOf(itemId))?.state).toBe('active');
    const retry = async () =>
      db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'end-sold-elsewhere'), eq(jobs.userId, user.id)));
    expect((await retry()).map((job) => job.status)).toEqual(['pending']);

    // The queue's first try fails too (Etsy still down): the job waits its back-off, the notice stays.
    await db()
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 60_000) })
      .where(eq(jobs.userId, user.id));
    await drain(pool, 1);
    expect((await retry())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await retry())[0]!.runAfter.getTime()).toBeGreaterThan(Date.now());
    expect(await seen()).toMatchObject({ status: 'live' });

    // Its next try succeeds: the Etsy listing ends and the notice goes.
    await db()
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 60_000) })
      .where(eq(jobs.userId, user.id));
    await drain(pool, 1);
    expect((await retry()).filter((job) => job.status !== 'done')).toEqual([]);
    expect(await seen()).toMatchObject({ status: 'ended' });
    expect((await etsyListingOf(itemId))?.state).toBe('inactive');
  });

  it('two sales of the last unit before either listing ends: one double sale, no sale counted twice', async () => {
    const { user, ebayUserId } = await connectedSeller(false);
    const { itemId, sku, ebaySku } = await liveItem(user, 1, ['etsy']);
    ebay.state.sell(ebaySku, { quantity: 1, sellerUserId: ebayUserId });
    etsy.seedReceipt({ sku, price: 31 });

    await Promise.all([t.deps.services.sales.pullSalesOf(user.id, 'ebay'), t.deps.services.sales.pullSalesOf(user.id, 'etsy')]);
    await t.deps.services.sales.pullSalesOf(user.id, 'ebay');
    await t.deps.services.sales.pullSalesOf(user.id, 'etsy');
    await drain(pool);
    const recorded = await db().select().from(sales).where(eq(sales.itemId, itemId));
    expect(recorded.map((sale) => sale.channel).sort()).toEqual(['ebay', 'etsy']);
    expect(await stockLeft(db(), user.id, itemId)).toBe(-1);
    const item = (await api(user, 'GET', `/api/items/${itemId}`)).json() as Item;
    expect(item.sale?.doubleSale).toEqual(['ebay', 'etsy']);
    expect(item.sale?.channels).toEqual(['ebay', 'etsy']);

    // The seller sees both: buyer, order and where to cancel it; another seller sees none of it.
    const listed = (await api(user, 'GET', saleEndsPaths.doubleSales)).json() as DoubleSalesResponse;
    expect(listed.doubleSales).toHaveLength(1);
    const [double] = listed.doubleSales;
    expect(double).toMatchObject({ itemId, channels: ['ebay', 'etsy'] });
    expect(double!.sales.map((sale) => sale.channel).sort()).toEqual(['ebay', 'etsy']);
    for (const sale of double!.sales) {
      expect(sale.buyer).toBeTruthy();
      expect(sale.orderUrl).toContain(encodeURIComponent(sale.orderId));
    }
    const stranger = await t.makeUser();
    expect(((await api(stranger, 'GET', saleEndsPaths.doubleSales)).json() as DoubleSalesResponse).doubleSales).toEqual([]);
    expect((await api(stranger, 'GET', saleEndsPaths.doubleSale(itemId))).statusCode).toBe(404);
    expect((await api(stranger, 'POST', saleEndsPaths.resolve(itemId), { cancelledSaleId: double!.sales[0]!.saleId })).statusCode).toBe(
      404,
    );

    // The profit view counts both sales, once each, and flags them.
    const profit = (await api(user, 'GET', '/api/profit')).json() as ProfitResponse;
    expect(profit.months.reduce((sum, month) => sum + month.sales, 0)).toBe(2);
    expect(profit.months.reduce((sum, month) => sum + month.soldTwice, 0)).toBe(2);

    // Resolved: the seller cancelled the Etsy order; the item is sold once, on eBay.
    const etsySale = double!.sales.find((sale) => sale.channel === 'etsy')!;
    expect((await api(user, 'POST', saleEndsPaths.resolve(itemId), { cancelledSaleId: etsySale.saleId })).statusCode).toBe(204);
    expect(((await api(user, 'GET', saleEndsPaths.doubleSales)).json() as DoubleSalesResponse).doubleSales).toEqual([]);
    const resolved = (await api(user, 'GET', `/api/items/${itemId}`)).json() as Item;
    expect(resolved.sale?.doubleSale).toBeUndefined();
    // The card reads the Etsy sale as cancelled (its listing stays sold there), not "Sold on Etsy".
    expect(resolved.sale?.channels).toEqual(['ebay']);
    const after = (await api(user, 'GET', '/api/profit')).json() as ProfitResponse;
    expect(after.months.reduce((sum, month) => sum + month.sales, 0)).toBe(1);
    expect(after.months.reduce((sum, month) => sum + month.soldTwice, 0)).toBe(0);
    // A pull of Etsy afterwards (the receipt still stands there) does not bring it back.
    await t.deps.services.sales.pullSalesOf(user.id, 'etsy');
    expect(((await api(user, 'GET', `/api/items/${itemId}`)).json() as Item).sale?.doubleSale).toBeUndefined();
  });
});
