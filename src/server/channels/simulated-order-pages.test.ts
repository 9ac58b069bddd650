import { paced } from '@shared/testing/pace';
/**
 * The sold-twice panel's "Cancel on eBay" and "Cancel on Shopify" opened "Page not found" on the simulated
 * marketplaces: the order links named the app's own /sh/ord/details and /admin/orders/..., pages that are not there.
 * Each simulation now serves its order page where its link leads, for the order's seller only, with the cancel the
 * marketplace offers there; the cancel reaches the app through the sales pull, which ends the double sale.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleEndsPaths, type DoubleSale } from '@shared/contracts/sale-ends';
import type { Item } from '@shared/contracts/items';
import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { SIMULATED_ETSY_LABEL } from '@shared/domain/simulated-etsy';
import { simulatedOrderWords } from '@shared/domain/simulated-orders';
import { SIMULATED_SHOPIFY_LABEL } from '@shared/domain/simulated-shopify';
import { channelListings, items } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { ebayListingRow } from '../test/ebay-listings';
import { setUpFakeSellerPolicies } from '../test/fake-ebay-seller';
import { etsyShopSetup } from '../test/fake-etsy-seller';
import { makeJpeg } from '../test/images';
import { drain, leviJeansPublishForm, silentLog, writeLeviJeansListing } from '../test/listings';
import { connectSimulated } from '../test/simulated-consent';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';

let t: TestApp;
let pool: WorkerPool;
beforeAll(async () => {
  t = await createTestApp({ EBAY_SIMULATION: 'auto', ETSY_SIMULATION: 'auto', SHOPIFY_SIMULATION: 'auto' });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;
const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
/** A page of the app's address as the browser opens it: signed in as `user`, or signed out. */
const open = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const cancel = (url: string, user: TestUser, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

/** A seller on the simulated eBay, Etsy and Shopify, with one item live on all three; each simulation's listing id. */
async function liveEverywhere() {
  const user = await t.makeUser();
  for (const channel of ['ebay', 'etsy', 'shopify'] as const) await connectSimulated(t.app, user.cookie, channel);
  await setUpFakeSellerPolicies(t.app, user.cookie);
  expect((await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup)).statusCode).toBe(200);
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await writeLeviJeansListing(db(), item.id);
  await db().update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, item.id));
  expect((await api(user, 'POST', `/api/items/${item.id}/publish`, leviJeansPublishForm)).statusCode).toBe(202);
  await drain(pool);
  await t.deps.services.channels.etsy.marketplace.saveWhenMade(user.id, item.id, '1990s');
  const listed = await api(user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: ['etsy', 'shopify'] });
  expect(listed.statusCode, listed.body).toBe(200);
  await drain(pool);
  const rows = Object.fromEntries(
    (await db().select().from(channelListings).where(eq(channelListings.itemId, item.id))).map((row) => [row.channel, row]),
  );
  for (const channel of ['ebay', 'etsy', 'shopify']) expect(rows[channel]?.status, `${channel}: ${rows[channel]?.error}`).toBe('live');
  return {
    user,
    itemId: item.id,
    sku: item.sku,
    ebayListingId: (await ebayListingRow(db(), item.id))!.listingId!,
    etsy: rows.etsy!,
    shopify: rows.shopify!,
  };
}

describe('the sold-twice panel’s "Cancel on ..." links on the simulated marketplaces', () => {
  it('each opens its simulation’s order page for its seller, whose cancel ends the double sale', async () => {
    const { user, itemId, sku, ebayListingId, etsy, shopify } = await liveEverywhere();
    const setups = t.deps.channelSetups;
    // The last unit bought on all three before any listing ends (no pull between): the buyers' orders, then the pulls.
    expect(setups.ebay.simulation!.buy(ebayListingId, user.id)).toBe(true);
    expect(setups.etsy.simulation!.buy(etsy.externalId!, user.id)).toBe(true);
    const shop = (shopify.data as { shop: string }).shop;
    expect(await setups.shopify.simulation!.buy(shop, sku)).toBe(true);
    for (const channel of ['ebay', 'etsy', 'shopify'] as const) await t.deps.services.sales.pullSalesOf(user.id, channel);
    await drain(pool);

    const double = (await api(user, 'GET', saleEndsPaths.doubleSale(itemId))).json() as DoubleSale;
    expect(double.sales.map((sale) => sale.channel).sort()).toEqual(['ebay', 'etsy', 'shopify']);
    // Each order as its seller knows it there; Shopify's is its name ("#1001"), not its gid.
    const shopifyOrder = double.sales.find((sale) => sale.channel === 'shopify')!;
    expect(shopifyOrder.orderId).toMatch(/^gid:\/\/shopify\/Order\//);
    expect(shopifyOrder.orderName).toMatch(/^#\d+$/);
    for (const sale of double.sales.filter((line) => line.channel !== 'shopify')) expect(sale.orderName).toBe(sale.orderId);
    const stranger = await t.makeUser();
    const labels = { ebay: SIMULATED_EBAY_LABEL, etsy: SIMULATED_ETSY_LABEL, shopify: SIMULATED_SHOPIFY_LABEL };
    const pages: Record<string, string> = {};
    for (const sale of double.sales) {
      const link = new URL(sale.orderUrl!);
      expect(link.origin).toBe('http://localhost:3000');
      expect(link.pathname).toMatch(new RegExp(`^/simulated-${sale.channel}/`));
      const path = link.pathname + link.search;
      const page = await open(path, user);
      expect(page.statusCode, `${sale.channel}: ${page.body}`).toBe(200);
      expect(page.body).toContain(labels[sale.channel as keyof typeof labels]);
      expect(page.body).toContain(simulatedOrderWords.cancel);
      // The order is its seller's alone: signed out, asked to sign in; another seller finds no such order.
      expect((await open(path)).statusCode).toBe(401);
      const theirs = await open(path, stranger);
      expect(theirs.statusCode, sale.channel).toBe(404);
      expect(theirs.body).toContain(simulatedOrderWords.notFound);
      pages[sale.channel] = path;
    }

    // Cancelled on eBay and on Shopify, as the seller would there: the pull takes both back; Etsy's sale stands.
    const ebayOrder = new URL(pages.ebay!, 'http://x').searchParams.get('orderid')!;
    expect((await cancel(pages.ebay!.replace(/\/details\?.*$/, '/cancel'), stranger, { orderid: ebayOrder })).statusCode).toBe(404);
    const ebayCancelled = await cancel(pages.ebay!.replace(/\/details\?.*$/, '/cancel'), user, { orderid: ebayOrder });
    expect(ebayCancelled.statusCode, ebayCancelled.body).toBe(200);
    expect(ebayCancelled.body).toContain(simulatedOrderWords.cancelled);
    const shopifyCancelled = await cancel(`${pages.shopify!}/cancel`, user, {});
    expect(shopifyCancelled.statusCode, shopifyCancelled.body).toBe(200);
    expect(shopifyCancelled.body).toContain(simulatedOrderWords.cancelled);
    expect((await open(pages.ebay!, user)).body).toContain(simulatedOrderWords.cancelled);

    const item = (await api(user, 'GET', `/api/items/${itemId}`)).json() as Item;
    expect(item.sale).toMatchObject({ channel: 'etsy' });
    expect(item.sale?.doubleSale ?? null).toBeNull();
    expect((await api(user, 'GET', saleEndsPaths.doubleSale(itemId))).statusCode).toBe(404);

    // Etsy's cancel, on its own page, takes its sale back too.
    const etsyOrder = new URL(pages.etsy!, 'http://x').searchParams.get('order_id')!;
    const etsyCancelled = await cancel('/simulated-etsy/your/orders/cancel', user, { order_id: etsyOrder });
    expect(etsyCancelled.statusCode, etsyCancelled.body).toBe(200);
    expect(etsyCancelled.body).toContain(simulatedOrderWords.cancelled);
    expect(((await api(user, 'GET', `/api/items/${itemId}`)).json() as Item).sale).toBeNull();
  });
});
