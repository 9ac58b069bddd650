import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../../fakes/etsy/etsy-server';
import { channelAccounts, channelListings, items, sales } from '../../db/schema';
import { createWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { makeJpeg } from '../../test/images';
import { drain, silentLog } from '../../test/listings';
import { connectEtsyThroughApp, etsyShopSetup, etsyShopSetupIn, fakeEtsyEnv } from '../../test/fake-etsy-seller';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createItemWithPhotos } from '../../test/uploads';

/** Etsy end to end on the server: connect through the routes, set up the shop, answer, publish, crash, sell. */
let fake: FakeEtsy;
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
  t = await createTestApp(fakeEtsyEnv(fake));
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const db = () => t.deps.database.db;
const market = () => t.deps.services.channels.etsy.marketplace;

async function writtenItem(user: TestUser, photos = 2) {
  const files = await Promise.all(
    Array.from({ length: photos }, async (_, i) => ({ name: `${i + 1}.jpg`, bytes: await makeJpeg(64 + i, 48) })),
  );
  const { item } = await createItemWithPhotos(t.app, user.cookie, files);
  await db()
    .update(items)
    .set({
      aiTitle: "Vintage Levi's 501 Jeans 32x30",
      aiDescription: 'Straight-leg jeans in a faded medium wash, made in the USA in the 1990s.',
      aiTags: ['levis', 'vintage denim', '90s jeans'],
      aiSuggestedPriceMinor: 4500,
      category: 'Mens Jeans',
    })
    .where(eq(items.id, item.id));
  return item;
}

async function connectedSeller() {
  const user = await t.makeUser();
  expect(await connectEtsyThroughApp(t.app, user.cookie)).toEqual({ statusCode: 200 });
  return user;
}
const etsyRow = async (itemId: string) =>
  (await db().select().from(channelListings).where(eq(channelListings.itemId, itemId))).find((r) => r.channel === 'etsy');
const fakeListings = () => fake.snapshot().listings;

describe('connecting Etsy', () => {
  it('says Etsy is not configured on a server without a keyset', async () => {
    const bare = await createTestApp();
    try {
      const user = await bare.makeUser();
      const answer = await bare.app.inject({ method: 'POST', url: '/api/channels/etsy/connect', headers: { cookie: user.cookie } });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ error: { message: 'Etsy is not configured on this server' } });
    } finally {
      await bare.close();
    }
  });

  it('connects by PKCE, keeps the tokens encrypted, refuses a used state, and disconnects', async () => {
    const user = await connectedSeller();
    const status = (await api(user, 'GET', '/api/etsy/connection')).json();
    expect(status).toMatchObject({ configured: true, connection: { status: 'connected', shop: { shopName: 'FakeVintageShop' } } });
    expect(JSON.stringify(status)).not.toMatch(/5551001\./);
    const [row] = await db()
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.userId, user.id), eq(channelAccounts.channel, 'etsy')));
    expect(row!.accessToken).not.toMatch(/^5551001\./);
    expect(row!.refreshToken).not.toMatch(/^5551001\./);
    // The same state twice: the second is refused.
    const start = await api(user, 'POST', '/api/channels/etsy/connect');
    const state = new URL((start.json() as { url: string }).url).searchParams.get('state');
    const first = await api(user, 'POST', '/api/channels/etsy/connection', { code: 'nope', state });
    expect(first.json()).toMatchObject({ error: { message: 'Could not connect to Etsy. Please try again.' } });
    const second = await api(user, 'POST', '/api/channels/etsy/connection', { code: 'nope', state });
    expect(second.json().error.message).toContain('already used');
    // Another seller's state is refused the same way.
    const other = await t.makeUser();
    const theirs = new URL(((await api(other, 'POST', '/api/channels/etsy/connect')).json() as { url: string }).url).searchParams.get(
      'state',
    );
    expect((await api(user, 'POST', '/api/channels/etsy/connection', { code: 'nope', state: theirs })).statusCode).toBe(400);
    expect((await api(user, 'DELETE', '/api/channels/etsy/connection')).statusCode).toBe(200);
    expect((await api(user, 'GET', '/api/etsy/connection')).json()).toMatchObject({ connection: null });
  });

  it('refreshes an expiring token once for many concurrent callers', async () => {
    fake.configure({ accessTokenLifetimeSeconds: 30 });
    try {
      const user = await connectedSeller();
      // The stored token is within a minute of its end: the next use refreshes it (to a token of a full hour).
      fake.configure({ accessTokenLifetimeSeconds: 3600 });
      await db()
        .update(channelAccounts)
        .set({ accessExpiresAt: new Date(Date.now() + 30_000) })
        .where(and(eq(channelAccounts.userId, user.id), eq(channelAccounts.channel, 'etsy')));
      const before = fake.snapshot().tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
      const tokens = await Promise.all(Array.from({ length: 6 }, () => t.deps.services.channels.etsy.account.accessToken(user.id)));
      const after = fake.snapshot().tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
      expect(after - before).toBe(1);
      expect(new Set(tokens.map((x) => x.token)).size).toBe(1);
    } finally {
      fake.configure({ accessTokenLifetimeSeconds: 3600 });
    }
  });
});

describe('shop setup, answers and pre-flight', () => {
  it('creates the missing shipping profile and return policy, and the pre-flight asks when the item was made', async () => {
    const user = await connectedSeller();
    const item = await writtenItem(user);
    const first = (await api(user, 'GET', `/api/items/${item.id}/listings/etsy/preflight`)).json() as { problems: { message: string }[] };
    const words = first.problems.map((p) => p.message);
    expect(words).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Etsy asks when this item was made'),
        expect.stringContaining('no shipping profile'),
        expect.stringContaining('no return policy'),
      ]),
    );
    const setup = await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup);
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({
      connection: { shop: { shippingProfile: { title: 'Resale Studio shipping' }, returnPolicy: { days: 30 } } },
    });
    // A second setup makes nothing twice.
    await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup);
    expect(fake.snapshot().shippingProfiles.length).toBe(1);

    expect((await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '2020_2026' })).statusCode).toBe(200);
    const recent = (await api(user, 'GET', `/api/items/${item.id}/listings/etsy/preflight`)).json() as { problems: { message: string }[] };
    expect(recent.problems.map((p) => p.message)).toEqual([expect.stringContaining('only when they are vintage')]);
    await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1990s' });
    const ready = (await api(user, 'GET', `/api/items/${item.id}/listings/etsy/preflight`)).json();
    expect(ready).toMatchObject({ checked: true, problems: [], whenMade: '1990s', taxonomy: { name: 'Jeans' } });

    const other = await t.makeUser();
    expect((await api(other, 'GET', `/api/items/${item.id}/listings/etsy/preflight`)).statusCode).toBe(404);
    expect((await api(other, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1990s' })).statusCode).toBe(404);
  });
});

describe('publishing on Etsy', () => {
  async function readySeller() {
    const user = await connectedSeller();
    await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup);
    const item = await writtenItem(user);
    await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1990s' });
    return { user, item };
  }

  it('refuses in words what cannot go, queues the rest, and the job makes it live with its photos in order', async () => {
    const { user, item } = await readySeller();
    const unanswered = await writtenItem(user);
    const answer = await api(user, 'POST', '/api/etsy/publish', { itemIds: [item.id, unanswered.id] });
    expect(answer.json()).toMatchObject({
      queued: [item.id],
      refused: [{ itemId: unanswered.id, message: expect.stringContaining('when this item was made'), fixOn: 'listing' }],
    });
    await drain(pool);
    const row = await etsyRow(item.id);
    expect(row).toMatchObject({ status: 'live', error: null, priceMinor: 4500 });
    const listing = fakeListings().find((l) => String(l.listing_id) === row!.externalId)!;
    expect(listing).toMatchObject({
      state: 'active',
      images: 2,
      sku: item.sku,
      who_made: 'someone_else',
      when_made: '1990s',
      taxonomy_id: 1000,
    });
    expect(row!.url).toBe(`${fake.url}/listing/${listing.listing_id}`);
  });

  it('a rule of −10% on Etsy: listed at 40.50 for an asking price of 45.00, the price the item view shows; the part says when it was made', async () => {
    const { user, item } = await readySeller();
    expect((await api(user, 'PUT', '/api/channels/etsy/price-rule', { percent: -10, rounding: 'none' })).statusCode).toBe(200);
    const etsyEntry = async () =>
      (await api(user, 'GET', `/api/items/${item.id}`)).json().listings.find((l: { channel: string }) => l.channel === 'etsy');
    // The answer made the Etsy draft: its price is the asking price through the rule, before anything is sent.
    expect(await etsyEntry()).toMatchObject({
      status: 'draft',
      price: { amountMinor: 4050, currency: 'USD' },
      part: { whenMade: '1990s' },
    });
    expect((await api(user, 'POST', '/api/etsy/publish', { itemIds: [item.id] })).json()).toMatchObject({ queued: [item.id] });
    await drain(pool);
    const row = await etsyRow(item.id);
    expect(fakeListings().find((l) => String(l.listing_id) === row!.externalId)).toMatchObject({ state: 'active', price: 40.5 });
    expect(await etsyEntry()).toMatchObject({ status: 'live', price: { amountMinor: 4050, currency: 'USD' }, part: { whenMade: '1990s' } });
  });

  it('a crash after the draft (its answer lost) or between the photos and activating makes one listing', async () => {
    const { user, item } = await readySeller();
    fake.failNext({ operationId: 'createDraftListing', status: 500, message: 'lost', dropAfterHandling: true });
    await expect(market().publish(user.id, item.id)).rejects.toThrow();
    fake.failNext({ operationId: 'uploadListingImage', status: 500, message: 'lost', dropAfterHandling: true });
    await expect(market().publish(user.id, item.id)).rejects.toThrow();
    fake.failNext({ operationId: 'updateListing', status: 503, message: 'Etsy is down' });
    const failure = await market()
      .publish(user.id, item.id)
      .catch((err: unknown) => err);
    expect(market().publishFailureOf(failure), String(failure)).toMatchObject({ kind: 'busy' });
    const published = await market().publish(user.id, item.id);
    const mine = fakeListings().filter((l) => l.title === "Vintage Levi's 501 Jeans 32x30" && l.sku === item.sku);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ state: 'active', images: 2 });
    expect(published?.listingId).toBe(String(mine[0]!.listing_id));
    // Publishing again changes nothing.
    await market().publish(user.id, item.id);
    expect(fakeListings().filter((l) => l.sku === item.sku)).toHaveLength(1);
  });

  it('maps Etsy’s answers for the publish job', () => {
    const m = market();
    expect(m.publishFailureOf(Object.assign(new Error(), { name: 'x' }))).toEqual({ kind: 'unexpected' });
  });

  it('revises, withdraws, relists and deletes', async () => {
    const { user, item } = await readySeller();
    await market().publish(user.id, item.id);
    const id = Number((await etsyRow(item.id))!.externalId);
    await db().update(channelListings).set({ priceMinor: 3900 }).where(eq(channelListings.itemId, item.id));
    await market().revise(user.id, item.id);
    expect(fakeListings().find((l) => l.listing_id === id)).toMatchObject({ price: 39 });
    await market().withdraw(user.id, item.id);
    expect(fakeListings().find((l) => l.listing_id === id)).toMatchObject({ state: 'inactive' });
    await market().relist(user.id, item.id);
    expect(fakeListings().find((l) => l.listing_id === id)).toMatchObject({ state: 'active' });
    expect(await market().end(user.id, [item.id], { itemsGo: true })).toMatchObject({ ended: [item.id], refused: [] });
    expect(fakeListings().find((l) => l.listing_id === id)).toBeUndefined();
  });
});

describe('sales on Etsy', () => {
  it('an Etsy shop in euros (decision 106): a German seller lists and sells in EUR; a UK seller’s pound prices are not sent there', async () => {
    const user = await t.makeUser();
    expect((await api(user, 'PUT', '/api/seller-region', { country: 'DE' })).statusCode).toBe(200);
    expect(await connectEtsyThroughApp(t.app, user.cookie, undefined, 'EUR')).toEqual({ statusCode: 200 });
    await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetupIn('EUR'));
    const item = await writtenItem(user);
    await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1990s' });
    expect((await api(user, 'GET', `/api/items/${item.id}/listings/etsy/preflight`)).json()).toMatchObject({ checked: true, problems: [] });
    await market().publish(user.id, item.id);
    const row = await etsyRow(item.id);
    expect(row).toMatchObject({ status: 'live' });
    expect(fakeListings().find((l) => String(l.listing_id) === row!.externalId)).toMatchObject({ price: 45, currency_code: 'EUR' });
    fake.seedReceipt({ sku: item.sku, price: 45, shipping: 6 });
    await t.deps.services.sales.pullSalesOf(user.id, 'etsy');
    const [sale] = await db().select().from(sales).where(eq(sales.userId, user.id));
    expect(sale).toMatchObject({ channel: 'etsy', priceMinor: 4500, shippingChargedMinor: 600, currency: 'EUR' });

    const uk = await t.makeUser();
    expect((await api(uk, 'PUT', '/api/seller-region', { country: 'GB' })).statusCode).toBe(200);
    expect(await connectEtsyThroughApp(t.app, uk.cookie, undefined, 'EUR')).toEqual({ statusCode: 200 });
    await api(uk, 'POST', '/api/etsy/shop-setup', etsyShopSetupIn('EUR'));
    const pounds = await writtenItem(uk);
    await api(uk, 'PUT', `/api/items/${pounds.id}/listings/etsy/answers`, { whenMade: '1990s' });
    const refused = (await api(uk, 'GET', `/api/items/${pounds.id}/listings/etsy/preflight`)).json() as { problems: { message: string }[] };
    expect(refused.problems.map((p) => p.message)).toEqual([
      'Your Etsy shop prices in EUR and this item is counted in GBP: prices are never converted, so it cannot be listed there.',
    ]);
    const listed = fakeListings().length;
    expect((await api(uk, 'POST', '/api/etsy/publish', { itemIds: [pounds.id] })).json()).toMatchObject({ queued: [] });
    await drain(pool);
    expect(fakeListings().length).toBe(listed);
  });

  it('a receipt becomes a sale in the sales table, the listing sold; a cancelled one is taken back', async () => {
    const user = await connectedSeller();
    await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup);
    const item = await writtenItem(user);
    await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1980s' });
    await market().publish(user.id, item.id);
    const { receiptId } = fake.seedReceipt({ sku: item.sku, price: 45, shipping: 6 });
    const pulled = await t.deps.services.sales.pullSalesOf(user.id, 'etsy');
    expect(pulled).toMatchObject({ newSales: 1, sold: [item.id] });
    const [sale] = await db().select().from(sales).where(eq(sales.userId, user.id));
    expect(sale).toMatchObject({
      channel: 'etsy',
      itemId: item.id,
      externalOrderId: String(receiptId),
      priceMinor: 4500,
      shippingChargedMinor: 600,
      currency: 'USD',
    });
    expect(await etsyRow(item.id)).toMatchObject({ status: 'sold' });
    // Pulled again: nothing counted twice.
    expect(await t.deps.services.sales.pullSalesOf(user.id, 'etsy')).toMatchObject({ newSales: 0 });
    fake.cancelReceipt(receiptId);
    expect(await t.deps.services.sales.pullSalesOf(user.id, 'etsy')).toMatchObject({ takenBack: [item.id] });
    expect((await t.deps.services.channels.etsy.marketplace.sellersWithSales()).includes(user.id)).toBe(true);
  });

  it('two sellers on one Etsy shop: a receipt of A’s listing is A’s sale only, though B lists the same SKU there', async () => {
    const a = await connectedSeller();
    const shopId = fake.snapshot().shops.at(-1)!.shop_id;
    const b = await t.makeUser();
    expect(await connectEtsyThroughApp(t.app, b.cookie, shopId)).toEqual({ statusCode: 200 });
    const listed = async (user: TestUser) => {
      await api(user, 'POST', '/api/etsy/shop-setup', etsyShopSetup);
      const item = await writtenItem(user, 1);
      await api(user, 'PUT', `/api/items/${item.id}/listings/etsy/answers`, { whenMade: '1980s' });
      await market().publish(user.id, item.id);
      return item;
    };
    const bItem = await listed(b);
    const aItem = await listed(a);
    expect(bItem.sku).toBe(aItem.sku);
    const { receiptId } = fake.seedReceipt({ sku: aItem.sku, price: 18.5 });

    expect(await t.deps.services.sales.pullSalesOf(b.id, 'etsy')).toMatchObject({ lines: 0, newSales: 0, sold: [] });
    expect(await db().select().from(sales).where(eq(sales.userId, b.id))).toEqual([]);
    expect(await etsyRow(bItem.id)).toMatchObject({ status: 'live' });
    expect((await api(b, 'GET', '/api/profit')).json().months).toEqual([]);
    expect(await t.deps.services.sales.pullSalesOf(a.id, 'etsy')).toMatchObject({ newSales: 1, sold: [aItem.id] });
    expect(await db().select().from(sales).where(eq(sales.userId, a.id))).toMatchObject([
      { itemId: aItem.id, externalOrderId: String(receiptId), priceMinor: 1850 },
    ]);
    expect(await etsyRow(bItem.id)).toMatchObject({ status: 'live' });
  });
});
