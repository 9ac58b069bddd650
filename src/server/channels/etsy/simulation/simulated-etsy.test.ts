import { paced } from '@shared/testing/pace';
/**
 * Without Etsy keys the server runs the simulated Etsy (fakes/etsy), as it runs the simulated eBay: its
 * consent page under the app's address, a shop of their own for each seller, and a simulated buyer whose sale comes
 * in through Etsy's sales pull and ends the item's eBay listing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '@shared/contracts/items';
import { sellerRegionRoutes } from '@shared/contracts/seller-region';
import { SIMULATED_ETSY_LABEL, simulatedEtsySaleWords } from '@shared/domain/simulated-etsy';
import { loadConfig } from '../../../config';
import { items } from '../../../db/schema';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { ebayListingRow } from '../../../test/ebay-listings';
import { etsyShopSetup } from '../../../test/fake-etsy-seller';
import { setUpFakeSellerPolicies } from '../../../test/fake-ebay-seller';
import { makeJpeg } from '../../../test/images';
import { drain, leviJeansPublishForm, silentLog, writeLeviJeansListing } from '../../../test/listings';
import { tempDirs } from '../../../test/temp-dirs';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';

const tempDir = tempDirs('rs-simulated-etsy-');

describe('the Etsy config', () => {
  it('resolves to the simulation with no Etsy keys; not once a key is set, nor with ETSY_SIMULATION=off', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).etsy.simulated).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), ETSY_KEYSTRING: 'k' }).etsy.simulated).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), ETSY_SIMULATION: 'off' }).etsy.simulated).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ETSY_SIMULATION: 'maybe' })).toThrow(/ETSY_SIMULATION/);
  });
});

describe('a server with ETSY_SIMULATION=off and no Etsy keys', () => {
  it('has no Etsy (hidden from "List on…") and no simulated Etsy pages', async () => {
    const t = await createTestApp({ ETSY_SIMULATION: 'off' });
    try {
      const user = await t.makeUser();
      const connection = await t.app.inject({ method: 'GET', url: '/api/etsy/connection', headers: { cookie: user.cookie } });
      expect(connection.json()).toMatchObject({ configured: false, connection: null });
      expect(connection.json().simulated).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: '/simulated-etsy/oauth/connect' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('a server without Etsy keys', () => {
  let t: TestApp;
  let pool: WorkerPool;
  beforeAll(async () => {
    t = await createTestApp({ ETSY_SIMULATION: 'auto', EBAY_SIMULATION: 'auto' });
    pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
  }, paced(120_000));
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, cookie: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  /** Connects the seller's simulated Etsy shop through the consent page the app serves; the shop's id. */
  async function connectEtsy(user: TestUser): Promise<string> {
    const start = await post('/api/channels/etsy/connect', user.cookie);
    const consentUrl = new URL(start.json().url);
    expect(consentUrl.origin + consentUrl.pathname).toBe('http://localhost:3000/simulated-etsy/oauth/connect');
    const consent = await t.app.inject({ method: 'GET', url: consentUrl.pathname + consentUrl.search, headers: { cookie: user.cookie } });
    expect(consent.statusCode).toBe(200);
    expect(consent.body).toContain(SIMULATED_ETSY_LABEL);
    expect(consent.body).toContain('action="consent"');
    // The form as the browser sends it: the shop's currency the page has chosen.
    const currency = /<select id="shop_currency"[^>]*>.*?<option value="(\w+)" selected>/s.exec(consent.body)?.[1];
    const form = new URLSearchParams({ decision: 'allow', shop_currency: currency ?? '' });
    for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, consentUrl.searchParams.get(name) ?? '');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/simulated-etsy/oauth/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: user.cookie },
      payload: form.toString(),
    });
    expect(answer.statusCode, answer.body).toBe(302);
    const back = new URL(answer.headers.location as string);
    expect(back.origin + back.pathname).toBe('http://localhost:3000/channels');
    const exchange = await post('/api/channels/etsy/connection', user.cookie, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const connection = await t.app.inject({ method: 'GET', url: '/api/etsy/connection', headers: { cookie: user.cookie } });
    expect(connection.json()).toMatchObject({ configured: true, simulated: true, connection: { status: 'connected' } });
    return connection.json().connection.shop.shopId as string;
  }

  it('a new seller’s simulated shop prices in their own currency: pounds for a UK seller, dollars for a US one', async () => {
    const shopCurrency = async (country: string | null) => {
      const user = await t.makeUser();
      if (country)
        expect(
          (await t.app.inject({ method: 'PUT', url: sellerRegionRoutes.region, headers: { cookie: user.cookie }, payload: { country } }))
            .statusCode,
        ).toBe(200);
      await connectEtsy(user);
      const connection = await t.app.inject({ method: 'GET', url: '/api/etsy/connection', headers: { cookie: user.cookie } });
      return connection.json().connection.shop.currency as string;
    };
    expect(await shopCurrency('GB')).toBe('GBP');
    expect(await shopCurrency('DE')).toBe('EUR');
    expect(await shopCurrency(null)).toBe('USD');
  });

  it('asks a signed-out browser to sign in before the consent', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/simulated-etsy/oauth/connect?client_id=x' });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain(SIMULATED_ETSY_LABEL);
  });

  it('gives each seller a simulated shop of their own, the same on every connection', async () => {
    const [a, b] = [await t.makeUser(), await t.makeUser()];
    const shopA = await connectEtsy(a);
    const shopB = await connectEtsy(b);
    expect(shopB).not.toBe(shopA);
    expect(await connectEtsy(a)).toBe(shopA);
  });

  /** An item live on the simulated eBay, then on the simulated Etsy too. */
  async function itemOnBoth(user: TestUser): Promise<{ itemId: string; etsyListingId: string }> {
    const db = t.deps.database.db;
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(db, item.id);
    const published = await post(`/api/items/${item.id}/publish`, user.cookie, leviJeansPublishForm);
    expect(published.statusCode, published.body).toBe(202);
    await drain(pool);
    expect(await ebayListingRow(db, item.id)).toMatchObject({ publishStatus: 'published' });
    await db.update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, item.id));
    await t.deps.services.channels.etsy.marketplace.saveWhenMade(user.id, item.id, '1990s');
    const live = await t.deps.services.channels.etsy.marketplace.publish(user.id, item.id);
    expect(live?.listingUrl).toMatch(/^http:\/\/localhost:3000\/simulated-etsy\/listing\/\d+$/);
    return { itemId: item.id, etsyListingId: live!.listingId };
  }

  async function sellerOnBoth(): Promise<TestUser> {
    const user = await t.makeUser();
    await connectEbay(t, user);
    await connectEtsy(user);
    expect((await post('/api/etsy/shop-setup', user.cookie, etsyShopSetup)).statusCode).toBe(200);
    return user;
  }

  const itemOf = async (user: TestUser, itemId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/items/${itemId}`, headers: { cookie: user.cookie } })).json() as Item;

  it('"Simulate a sale on Etsy": the receipt comes through the sales pull, the item is Sold and its eBay listing ended', async () => {
    const seller = await sellerOnBoth();
    const { itemId } = await itemOnBoth(seller);
    const other = await t.makeUser();
    expect((await post(`/api/items/${itemId}/simulated-etsy-sale`, other.cookie)).statusCode).toBe(404);

    const sold = await post(`/api/items/${itemId}/simulated-etsy-sale`, seller.cookie);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ newSales: 1, soldItemIds: [itemId] });
    const item = await itemOf(seller, itemId);
    // The buyer paid the shipping the listing's shipping profile charges ($5.00), recorded with the sale.
    expect(item.sale).toMatchObject({ channel: 'etsy', quantity: 1, shipping: { amountMinor: 500, currency: 'USD' } });
    expect(item.listings.find((l) => l.channel === 'etsy')?.status).toBe('sold');
    expect(item.listings.find((l) => l.channel === 'ebay')?.status).not.toBe('live');
    // The receipt is the sale's source: a second check finds nothing new, and there is nothing left to sell.
    expect((await post('/api/channels/etsy/sales/check', seller.cookie)).json()).toMatchObject({ newSales: 0 });
    const again = await post(`/api/items/${itemId}/simulated-etsy-sale`, seller.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(simulatedEtsySaleWords.notLive);
  });

  it('an item without an asking price lists on Etsy at the seller’s price list, as on eBay', async () => {
    const db = t.deps.database.db;
    const seller = await sellerOnBoth();
    const { item } = await createItemWithPhotos(t.app, seller.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(db, item.id);
    await db.update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: null }).where(eq(items.id, item.id));
    await t.deps.services.channels.etsy.marketplace.saveWhenMade(seller.id, item.id, '1990s');
    const prices = await t.app.inject({
      method: 'PUT',
      url: '/api/price-list',
      headers: { cookie: seller.cookie },
      payload: { currency: 'USD', rows: [{ category: 'Mens Jeans', amountMinor: 2499 }], adjustments: [] },
    });
    expect(prices.statusCode, prices.body).toBe(200);
    expect(await t.deps.services.channels.etsy.marketplace.publish(seller.id, item.id)).toMatchObject({ listingUrl: expect.any(String) });
    const etsy = (await itemOf(seller, item.id)).listings.find((l) => l.channel === 'etsy');
    expect(etsy).toMatchObject({ status: 'live' });
  });

  it('"Buy it now (simulation)" on the listing page: only for its signed-in seller, then Sold', async () => {
    const seller = await sellerOnBoth();
    const { itemId, etsyListingId } = await itemOnBoth(seller);
    const page = await t.app.inject({ method: 'GET', url: `/simulated-etsy/listing/${etsyListingId}`, headers: { cookie: seller.cookie } });
    expect(page.body).toContain('Buy it now (simulation)');
    expect(page.body).toContain(SIMULATED_ETSY_LABEL);
    const buy = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/simulated-etsy/listing/${etsyListingId}/buy`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: '',
      });
    expect((await buy()).statusCode).toBe(401);
    expect((await buy((await t.makeUser()).cookie)).statusCode).toBe(409);
    expect((await itemOf(seller, itemId)).sale).toBeNull();
    const bought = await buy(seller.cookie);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await itemOf(seller, itemId)).sale).toMatchObject({ channel: 'etsy' });
  });
});

/** Connects the seller's simulated eBay account through its consent page (as the simulated eBay's own tests do). */
async function connectEbay(t: TestApp, user: TestUser) {
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
}
