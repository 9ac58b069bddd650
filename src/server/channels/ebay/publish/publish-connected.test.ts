import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { composeServices } from '../../../compose';
import { items } from '../../../db/schema';
import { ebaySetupFrom } from '../setup';
import { ebayListingRow } from '../../../test/ebay-listings';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { makeJpeg } from '../../../test/images';
import { leviJeansPublishForm, silentLog, writeLeviJeansListing } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';
import { consentThroughApp, fakeEbayEnv, setUpFakeSellerPolicies, testSellerPolicies } from '../../../test/fake-ebay-seller';

/** The whole path with nothing swapped but eBay: connect through the routes, policies, location, publish, the job. */
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({
    ...fakeEbayEnv(fake),
  });
  const { jobs: registry } = composeServices({ ...t.deps, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config) });
  pool = createWorkerPool({ db: t.deps.database.db, registry, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function runAllDue() {
  for (let ran = 0; (await pool.runNext()) && ran < 50; ran++);
}

describe('publishing with a connected eBay account', () => {
  it('is refused in the agreed words until connected and until policies exist, then publishes', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(t.deps.database.db, item.id);
    const form = { ...leviJeansPublishForm, quantity: 2 };
    const status = async () => await ebayListingRow(t.deps.database.db, item.id);

    expect((await api(user, 'POST', `/api/items/${item.id}/publish`, form)).statusCode).toBe(202);
    await runAllDue();
    expect(await status()).toMatchObject({ publishStatus: 'failed', publishError: 'eBay account not connected' });

    const exchange = await api(user, 'POST', '/api/channels/ebay/connection', await consentThroughApp(t.app, user.cookie));
    expect(exchange.statusCode).toBe(200);
    await api(user, 'POST', `/api/items/${item.id}/publish`, form);
    await runAllDue();
    expect(await status()).toMatchObject({ publishError: 'Please configure eBay business policies before publishing' });

    await setUpFakeSellerPolicies(t.app, user.cookie);
    await api(user, 'POST', `/api/items/${item.id}/publish`, form);
    await runAllDue();

    const published = await status();
    expect(published).toMatchObject({ publishStatus: 'published', publishError: null, price: money(3000), quantity: 2 });
    const offers = [...fake.state.offers.values()].filter((o) => o.sku === item.sku);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      status: 'PUBLISHED',
      details: { availableQuantity: 2, pricingSummary: { price: { value: '30.00' } } },
    });
  });
  it('creates the inventory location on the first publish, as readiness promised, from the eBay account’s address', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(t.deps.database.db, item.id);
    // An eBay account of its own (the first test's already holds this SKU).
    fake.state.sellers.push({ userId: 'first-publish-seller', username: 'first_publish_seller' });
    const consent = await consentThroughApp(t.app, user.cookie, 'first-publish-seller');
    expect((await api(user, 'POST', '/api/channels/ebay/connection', consent)).statusCode).toBe(200);
    expect((await api(user, 'POST', '/api/ebay/policies', testSellerPolicies)).statusCode).toBe(200);
    const readiness = await api(user, 'GET', `/api/items/${item.id}/readiness`);
    expect(readiness.json().warnings).toContain('No inventory location set (will be created automatically on first publish)');

    expect((await api(user, 'POST', `/api/items/${item.id}/publish`, leviJeansPublishForm)).statusCode).toBe(202);
    await runAllDue();

    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ publishStatus: 'published', publishError: null });
    const { connection } = (await api(user, 'GET', '/api/ebay/connection')).json();
    expect(connection.defaultLocation).toMatchObject({ city: 'San Jose', stateOrProvince: 'CA' });
    const locationKeys = [...fake.state.offers.values()].filter((o) => o.sku === item.sku).map((o) => o.details.merchantLocationKey);
    expect(locationKeys).toContain(connection.defaultLocation.merchantLocationKey);
  });
});

describe('eBay ends the seller’s token before its time', () => {
  it('the publish refreshes it once and the listing goes live (no "reconnect" for what a refresh fixes)', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(t.deps.database.db, item.id);
    fake.state.sellers.push({ userId: 'token-ended-seller', username: 'token_ended_seller' });
    const consent = await consentThroughApp(t.app, user.cookie, 'token-ended-seller');
    expect((await api(user, 'POST', '/api/channels/ebay/connection', consent)).statusCode).toBe(200);
    await setUpFakeSellerPolicies(t.app, user.cookie);
    // The first pull of sales that connecting queued, first: its own refresh on a refusal is not the publish's.
    await runAllDue();
    const refreshes = fake.state.tokensIssued.refresh_token;
    // eBay answers 401 (errorId 1001) to the token the app holds as good for two more hours.
    fake.expireAccessTokens('token-ended-seller');

    expect((await api(user, 'POST', `/api/items/${item.id}/publish`, leviJeansPublishForm)).statusCode).toBe(202);
    await runAllDue();

    expect(await ebayListingRow(t.deps.database.db, item.id)).toMatchObject({ publishStatus: 'published', publishError: null });
    const offers = [...fake.state.offers.values()].filter((o) => o.userId === 'token-ended-seller' && o.sku === item.sku);
    expect(offers.map((o) => o.status)).toEqual(['PUBLISHED']);
    // Refreshed once, for every call of the publish after the refusal.
    expect(fake.state.tokensIssued.refresh_token - refreshes).toBe(1);
  });
});

describe('the price eBay gets', () => {
  it('a rule of −10% on eBay: bulk publish lists at 40.50 for an asking price of 45.00, and the item view says so', async () => {
    const user = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await writeLeviJeansListing(t.deps.database.db, item.id);
    await t.deps.database.db.update(items).set({ aiSuggestedPriceMinor: 4500 }).where(eq(items.id, item.id));
    fake.state.sellers.push({ userId: 'price-rule-seller', username: 'price_rule_seller' });
    expect(
      (await api(user, 'POST', '/api/channels/ebay/connection', await consentThroughApp(t.app, user.cookie, 'price-rule-seller')))
        .statusCode,
    ).toBe(200);
    await setUpFakeSellerPolicies(t.app, user.cookie);
    // Publish Settings saved without a price: the listing has none of its own, so the asking price through the rule applies.
    const { price: _price, ...withoutPrice } = leviJeansPublishForm;
    expect((await api(user, 'PUT', `/api/items/${item.id}/publish-settings`, withoutPrice)).statusCode).toBe(200);
    expect((await api(user, 'PUT', '/api/channels/ebay/price-rule', { percent: -10, rounding: 'none' })).statusCode).toBe(200);
    const ebayEntry = async () =>
      (await api(user, 'GET', `/api/items/${item.id}`)).json().listings.find((l: { channel: string }) => l.channel === 'ebay');
    expect(await ebayEntry()).toMatchObject({ price: { amountMinor: 4050, currency: 'USD' }, ownPrice: false });

    const bulk = await api(user, 'POST', '/api/ebay/publish', { itemIds: [item.id] });
    expect(bulk.json()).toMatchObject({ queued: [item.id], refused: [] });
    await runAllDue();

    const live = await ebayEntry();
    expect(live).toMatchObject({ status: 'live', price: { amountMinor: 4050, currency: 'USD' } });
    const offer = fake.state.offers.get(live.part.offerId);
    expect(offer).toMatchObject({ status: 'PUBLISHED', details: { pricingSummary: { price: { value: '40.50', currency: 'USD' } } } });
  });
});
