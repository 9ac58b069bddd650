import { paced } from '@shared/testing/pace';
/**
 * A newcomer on the simulated eBay makes a sale without a buyer: the card's "Simulate a sale" and the
 * listing page's "Buy it now (simulation)" place an order in the seller's simulated eBay account, and the sale lands
 * through the sales pull, as a real one does: Sold, with eBay's fees. Only the seller's own live listing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import type { Item } from '@shared/contracts/items';
import { simulatedSaleWords } from '@shared/domain/simulated-ebay';
import { createWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { ebayListingRow } from '../../test/ebay-listings';
import { setUpFakeSellerPolicies } from '../../test/fake-ebay-seller';
import { makeJpeg } from '../../test/images';
import { drain, leviJeansPublishForm, silentLog, writeLeviJeansListing } from '../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createItemWithPhotos } from '../../test/uploads';

describe('a sale on the simulated eBay', () => {
  let t: TestApp;
  let pool: WorkerPool;
  beforeAll(async () => {
    t = await createTestApp({ EBAY_SIMULATION: 'auto' });
    pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
  }, paced(120_000));
  afterAll(async () => {
    await t?.close();
  });

  /** A seller connected to the simulated eBay through its consent page, ready to publish. */
  async function connectedSeller(): Promise<TestUser> {
    const user = await t.makeUser();
    const start = await t.app.inject({ method: 'POST', url: '/api/channels/ebay/connect', headers: { cookie: user.cookie } });
    const authUrl = new URL(start.json().url);
    const consent = await t.app.inject({ method: 'GET', url: authUrl.pathname + authUrl.search, headers: { cookie: user.cookie } });
    const form = new URLSearchParams({ decision: 'agree' });
    for (const [, name, value] of consent.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(
        name!,
        value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
      );
    const answer = await t.app.inject({
      method: 'POST',
      url: '/simulated-ebay/oauth2/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: user.cookie },
      payload: form.toString(),
    });
    const callback = new URL(answer.headers.location as string).searchParams;
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/channels/ebay/connection',
      headers: { cookie: user.cookie },
      payload: { code: callback.get('code'), state: callback.get('state') },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    await setUpFakeSellerPolicies(t.app, user.cookie);
    return user;
  }

  /** An item live on the simulated eBay: its id and listing id. */
  async function liveItem(user: TestUser): Promise<{ itemId: string; listingId: string }> {
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(t.deps.database.db, item.id);
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/publish`,
      payload: leviJeansPublishForm,
      headers: { cookie: user.cookie },
    });
    expect(published.statusCode, published.body).toBe(202);
    await drain(pool);
    const listing = await ebayListingRow(t.deps.database.db, item.id);
    expect(listing).toMatchObject({ publishStatus: 'published' });
    return { itemId: item.id, listingId: listing!.listingId! };
  }

  const itemOf = async (user: TestUser, itemId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/items/${itemId}`, headers: { cookie: user.cookie } })).json() as Item;

  it('"Simulate a sale" on the card: the order is pulled like a real one, the item is Sold with its fees', async () => {
    const seller = await connectedSeller();
    const { itemId } = await liveItem(seller);
    const other = await t.makeUser();
    const foreign = await t.app.inject({ method: 'POST', url: `/api/items/${itemId}/simulated-sale`, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);

    const sold = await t.app.inject({ method: 'POST', url: `/api/items/${itemId}/simulated-sale`, headers: { cookie: seller.cookie } });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ newSales: 1, soldItemIds: [itemId] });
    const item = await itemOf(seller, itemId);
    // The buyer paid the shipping the listing's fulfillment policy charges ($5.99), recorded with the sale.
    expect(item.sale).toMatchObject({ channel: 'ebay', price: money(3000), shipping: money(599), quantity: 1 });
    expect(item.listings.find((l) => l.channel === 'ebay')?.status).toBe('sold');
    // eBay's fees came with it, so the profit can be counted (not "fees pending").
    const profit = await t.app.inject({ method: 'GET', url: `/api/items/${itemId}/profit`, headers: { cookie: seller.cookie } });
    expect(profit.json().sales[0].fees.amountMinor).toBeGreaterThan(0);
    // The simulated eBay's order is the sale's source: a second check finds nothing new.
    const check = await t.app.inject({ method: 'POST', url: '/api/channels/ebay/sales/check', headers: { cookie: seller.cookie } });
    expect(check.json()).toMatchObject({ newSales: 0 });
    // Sold out: nothing left to sell a second time.
    const again = await t.app.inject({ method: 'POST', url: `/api/items/${itemId}/simulated-sale`, headers: { cookie: seller.cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(simulatedSaleWords.notLive);
  });

  it("the listing's page shows its photos and eBay's words for its condition", async () => {
    const seller = await connectedSeller();
    const { listingId } = await liveItem(seller);
    const page = await t.app.inject({ method: 'GET', url: `/simulated-ebay/itm/${listingId}` });
    expect(page.statusCode).toBe(200);
    // "excellent" is sent as PRE_OWNED_EXCELLENT: the page says it as eBay's page does.
    expect(page.body).toContain('Pre-owned – Excellent');
    expect(page.body).not.toContain('PRE_OWNED_EXCELLENT');
    // Its photo strip scrolls sideways: a keyboard reaches it (focusable and named, axe's scrollable-region-focusable).
    expect(page.body).toMatch(/<div data-testid="listing-photos" role="region" aria-label="Photos" tabindex="0"/);
    const src = /<img src="([^"]+)"/.exec(page.body)?.[1];
    expect(src).toBe(`${listingId}/photos/0`);
    const photo = await t.app.inject({ method: 'GET', url: `/simulated-ebay/itm/${src}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await t.app.inject({ method: 'GET', url: `/simulated-ebay/itm/${listingId}/photos/5` })).statusCode).toBe(404);
  });

  it('"Buy it now (simulation)" on the listing page: only for its signed-in seller, then Sold', async () => {
    const seller = await connectedSeller();
    const { itemId, listingId } = await liveItem(seller);
    const page = await t.app.inject({ method: 'GET', url: `/simulated-ebay/itm/${listingId}` });
    expect(page.body).toContain(simulatedSaleWords.buyNow);
    const buy = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/simulated-ebay/itm/${listingId}/buy`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: '',
      });
    expect((await buy()).statusCode).toBe(401);
    expect((await buy((await t.makeUser()).cookie)).statusCode).toBe(404);
    expect((await itemOf(seller, itemId)).sale).toBeNull();

    const bought = await buy(seller.cookie);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.body).toContain('A simulated buyer bought this listing');
    expect((await itemOf(seller, itemId)).sale).toMatchObject({ channel: 'ebay', price: money(3000) });
    // Ended: the page offers no second purchase.
    expect((await t.app.inject({ method: 'GET', url: `/simulated-ebay/itm/${listingId}` })).body).not.toContain(simulatedSaleWords.buyNow);
  });
});

describe('a server with eBay keys', () => {
  it('has no simulated sale', async () => {
    const t = await createTestApp({ EBAY_CLIENT_ID: 'Seller-app-PRD-0123456789-abcdef01', EBAY_CLIENT_SECRET: 's', EBAY_RU_NAME: 'r' });
    try {
      const user = await t.makeUser();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/items/00000000-0000-4000-8000-000000000000/simulated-sale',
        headers: { cookie: user.cookie },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
