import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preflightScoresResponse } from '@shared/contracts/publish';
import { startFakeShopify, type FakeShopify } from '../../../../fakes/shopify/shopify-server';
import { channelAccounts, channelListings, items, sales } from '../../db/schema';
import { createWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { makeJpeg } from '../../test/images';
import { drain, silentLog } from '../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createItemWithPhotos } from '../../test/uploads';

/** Shopify on the server against the fake Shopify over HTTP (the real client): connect, publish, revise, end, sell. */
let fake: FakeShopify;
let t: TestApp;
let pool: WorkerPool;
let stores = 0;

beforeAll(async () => {
  fake = await startFakeShopify();
  t = await createTestApp({ SHOPIFY_API_KEY: fake.clientId, SHOPIFY_API_SECRET: fake.clientSecret, SHOPIFY_SHOP_ORIGIN: fake.url });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const db = () => t.deps.database.db;
const market = () => t.deps.services.marketplaces.shopify;

/** The install URL the app gives, Shopify's signed redirect back, and the app's callback: where it sends the seller. */
async function connect(user: TestUser, shop: string, tamper?: (query: URLSearchParams) => void): Promise<string> {
  const start = await api(user, 'POST', '/api/channels/shopify/connect', { shop });
  expect(start.statusCode, start.body).toBe(200);
  const install = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
  const back = new URL(install.headers.get('location')!);
  tamper?.(back.searchParams);
  const callback = await api(user, 'GET', `${back.pathname}?${back.searchParams.toString()}`);
  expect(callback.statusCode).toBe(302);
  return callback.headers.location as string;
}

async function connectedSeller() {
  const user = await t.makeUser();
  const shop = `vintage-${++stores}-${Date.now()}.myshopify.com`;
  expect(await connect(user, shop)).toBe('/channels');
  return { user, shop };
}

async function writtenItem(user: TestUser) {
  const files = await Promise.all([1, 2].map(async (i) => ({ name: `${i}.jpg`, bytes: await makeJpeg(64 + i, 48) })));
  const { item } = await createItemWithPhotos(t.app, user.cookie, files);
  await db()
    .update(items)
    .set({
      aiTitle: "Vintage Levi's 501 Jeans 32x30",
      aiDescription: 'Straight-leg jeans in a faded medium wash.\n\nMade in the USA in the 1990s.',
      aiTags: ['levis', 'vintage denim'],
      aiSuggestedPriceMinor: 4500,
      category: 'Mens Jeans',
    })
    .where(eq(items.id, item.id));
  return item;
}

const shopifyRow = async (itemId: string) =>
  (await db().select().from(channelListings).where(eq(channelListings.itemId, itemId))).find((r) => r.channel === 'shopify');
const productsOf = (shop: string) => [...fake.shop(shop).products.values()];

async function listed() {
  const { user, shop } = await connectedSeller();
  const item = await writtenItem(user);
  const answer = await api(user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: ['shopify'] });
  expect(answer.statusCode, answer.body).toBe(200);
  await drain(pool);
  return { user, shop, item };
}

describe('connecting a Shopify store', () => {
  it('connects by OAuth on the typed store, keeps the token encrypted, and disconnects', async () => {
    const { user, shop } = await connectedSeller();
    const status = await api(user, 'GET', '/api/shopify/connection');
    expect(status.json()).toMatchObject({ configured: true, connection: { status: 'connected', shop: { domain: shop } } });
    expect(status.body).not.toMatch(/shpat_/);
    const [row] = await db().select().from(channelAccounts).where(eq(channelAccounts.userId, user.id));
    expect(row).toMatchObject({ channel: 'shopify', accountRef: shop });
    expect(row!.accessToken).not.toMatch(/shpat_/);
    await expect(t.deps.services.channels.shopify.account.session(user.id)).resolves.toMatchObject({
      accessToken: expect.stringMatching(/^shpat_/),
    });
    expect((await api(user, 'DELETE', '/api/channels/shopify/connection')).statusCode).toBe(200);
    expect((await api(user, 'GET', '/api/shopify/connection')).json()).toMatchObject({ connection: null });
  });

  it('refuses a callback whose signature, state or store is not right', async () => {
    const user = await t.makeUser();
    expect(await connect(user, 'forged.myshopify.com', (q) => q.set('hmac', '0'.repeat(64)))).toMatch(/shopifyError=/);
    expect(await connect(user, 'forged.myshopify.com', (q) => q.set('shop', 'other.myshopify.com'))).toMatch(/shopifyError=/);
    // Another seller's link (its state is theirs) connects nothing for this one.
    const other = await t.makeUser();
    const start = await api(other, 'POST', '/api/channels/shopify/connect', { shop: 'theirs' });
    const back = new URL((await fetch((start.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
    const answer = await api(user, 'GET', `${back.pathname}${back.search}`);
    expect(answer.headers.location).toMatch(/shopifyError=/);
    expect((await api(user, 'GET', '/api/shopify/connection')).json()).toMatchObject({ connection: null });
    expect((await api(user, 'POST', '/api/channels/shopify/connect', { shop: 'not a store!' })).statusCode).toBe(400);
  });
});

describe('publishing on Shopify', () => {
  it('"List on" Shopify makes one product with its photos, price, stock and the Online Store; a retry makes no second', async () => {
    const { user, shop, item } = await listed();
    const row = await shopifyRow(item.id);
    expect(row).toMatchObject({ status: 'live', error: null, priceMinor: 4500 });
    const [product, ...more] = productsOf(shop);
    expect(more).toEqual([]);
    expect(product).toMatchObject({
      id: row!.externalId,
      title: "Vintage Levi's 501 Jeans 32x30",
      status: 'ACTIVE',
      publicationIds: [fake.shop(shop).publications[0]!.id],
      variants: [{ sku: item.sku, price: '45.00', inventoryQuantity: 1 }],
    });
    expect(product!.photoUrls).toHaveLength(2);
    expect(row!.url).toBe(`https://${shop}/products/${product!.handle}`);
    // Again (a retry after a lost answer, or a crash before the row said live): still one product.
    expect(await market().publish(user.id, item.id)).toMatchObject({ listingId: product!.id });
    expect(productsOf(shop)).toHaveLength(1);
  });

  it('lists sizes as resellers write them ("W32 L32", "32x32", "UK 9", "EU 43", "M") as the product\'s Size option, in the seller\'s words', async () => {
    const { user, shop } = await connectedSeller();
    for (const size of ['W32 L32', '32x32', 'UK 9', 'EU 43', 'M']) {
      const item = await writtenItem(user);
      await db().update(items).set({ extractedSize: size }).where(eq(items.id, item.id));
      const answer = await api(user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: ['shopify'] });
      expect(answer.statusCode, answer.body).toBe(200);
      await drain(pool);
      const row = await shopifyRow(item.id);
      expect(row, size).toMatchObject({ status: 'live', error: null });
      const product = productsOf(shop).find((p) => p.id === row!.externalId);
      expect(product?.variants, size).toEqual([
        expect.objectContaining({ sku: item.sku, selectedOptions: [{ name: 'Size', value: size }] }),
      ]);
    }
  });

  it('a title longer than Shopify takes is named before publish (red), nothing is sent, and the shortened one goes live', async () => {
    const { user, shop } = await connectedSeller();
    const item = await writtenItem(user);
    await db()
      .update(items)
      .set({ aiTitle: 'Vintage denim jacket '.repeat(13).slice(0, 256) })
      .where(eq(items.id, item.id));
    const onShopify = async () =>
      preflightScoresResponse
        .parse((await api(user, 'GET', `/api/items/${item.id}/preflight-scores`)).json())
        .channels.find((c) => c.channel === 'shopify');
    expect(await onShopify()).toEqual({
      channel: 'shopify',
      name: 'Shopify',
      score: 'red',
      reasons: ['Shorten the title to 255 characters or fewer for Shopify.'],
    });
    const refused = await api(user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: ['shopify'] });
    expect(JSON.stringify(refused.json())).toContain('Shorten the title to 255 characters or fewer for Shopify.');
    await drain(pool);
    expect(productsOf(shop)).toEqual([]);

    await db()
      .update(items)
      .set({ aiTitle: 'V'.repeat(255) })
      .where(eq(items.id, item.id));
    expect((await onShopify())?.score).toBe('green');
    expect((await api(user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: ['shopify'] })).statusCode).toBe(200);
    await drain(pool);
    expect(productsOf(shop).map((p) => p.title)).toEqual(['V'.repeat(255)]);
  });

  it.each([
    ['GB', 'USD', 'GBP', 'red'],
    ['DE', 'EUR', 'EUR', 'green'],
  ] as const)(
    'a seller in %s with a store in %s: the pre-flight names a price in another currency, red, before anything is sent',
    async (country, storeCurrency, itemCurrency, score) => {
      const user = await t.makeUser();
      expect((await api(user, 'PUT', '/api/seller-region', { country })).statusCode).toBe(200);
      const shop = `abroad-${++stores}-${Date.now()}.myshopify.com`;
      fake.shop(shop).currency = storeCurrency;
      expect(await connect(user, shop)).toBe('/channels');
      const item = await writtenItem(user);
      expect(item.currency).toBe(itemCurrency);
      const onShopify = preflightScoresResponse
        .parse((await api(user, 'GET', `/api/items/${item.id}/preflight-scores`)).json())
        .channels.find((c) => c.channel === 'shopify');
      const message = `Your Shopify shop prices in ${storeCurrency} and this item is counted in ${itemCurrency}: prices are never converted, so it cannot be listed there.`;
      expect(onShopify?.score).toBe(score);
      if (score === 'red') expect(onShopify?.reasons).toContain(message);
      else expect(onShopify?.reasons).toEqual([]);
    },
  );

  it('a rule of −10% on Shopify: the variant at 40.50 for an asking price of 45.00, the price the item view shows with the product’s store', async () => {
    const { user, shop } = await connectedSeller();
    const item = await writtenItem(user);
    expect((await api(user, 'PUT', '/api/channels/shopify/price-rule', { percent: -10, rounding: 'none' })).statusCode).toBe(200);
    expect((await api(user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: ['shopify'] })).statusCode).toBe(200);
    await drain(pool);
    const [product] = productsOf(shop);
    expect(product).toMatchObject({ status: 'ACTIVE', variants: [{ sku: item.sku, price: '40.50' }] });
    const entry = (await api(user, 'GET', `/api/items/${item.id}`))
      .json()
      .listings.find((l: { channel: string }) => l.channel === 'shopify');
    expect(entry).toMatchObject({ status: 'live', price: { amountMinor: 4050, currency: 'USD' }, part: { shop, handle: product!.handle } });
    expect(entry.part).not.toHaveProperty('variantId');
  });

  it('revises the product in place, ends it by archiving and relists it', async () => {
    const { user, shop, item } = await listed();
    await db().update(items).set({ aiTitle: 'Levi 501 Jeans, 1990s' }).where(eq(items.id, item.id));
    await db().update(channelListings).set({ priceMinor: 5200 }).where(eq(channelListings.itemId, item.id));
    await market().revise(user.id, item.id);
    expect(productsOf(shop)).toMatchObject([{ title: 'Levi 501 Jeans, 1990s', status: 'ACTIVE', variants: [{ price: '52.00' }] }]);
    expect(await market().end(user.id, [item.id], { itemsGo: false })).toEqual({ ended: [item.id], refused: [] });
    expect(productsOf(shop)).toMatchObject([{ status: 'ARCHIVED' }]);
    expect(await shopifyRow(item.id)).toMatchObject({ status: 'ended' });
    await market().relist(user.id, item.id);
    expect(productsOf(shop)).toMatchObject([{ status: 'ACTIVE' }]);
    // Another seller ends nothing of this one's.
    const other = await connectedSeller();
    expect(await market().end(other.user.id, [item.id], { itemsGo: false })).toEqual({ ended: [], refused: [] });
    expect(productsOf(shop)).toMatchObject([{ status: 'ACTIVE' }]);
  });

  it("a price drop sends the price, not the product's unchanged text; changed text is sent", async () => {
    const { user, shop, item } = await listed();
    const updates = () => fake.pointsByOperation.get('ProductUpdate')?.calls ?? 0;
    const before = updates();
    await db().update(channelListings).set({ priceMinor: 3600 }).where(eq(channelListings.itemId, item.id));
    await market().revise(user.id, item.id);
    expect(productsOf(shop)).toMatchObject([{ variants: [{ price: '36.00' }] }]);
    expect(updates() - before).toBe(0);
    await db().update(items).set({ aiTitle: 'Levi 501 Jeans, W32 L30' }).where(eq(items.id, item.id));
    await market().revise(user.id, item.id);
    expect(productsOf(shop)).toMatchObject([{ title: 'Levi 501 Jeans, W32 L30' }]);
    expect(updates() - before).toBe(1);
    await market().revise(user.id, item.id);
    expect(updates() - before).toBe(1);
  });
});

describe('stock and deleting on Shopify', () => {
  it("revise sets the stock at the store's location to the quantity left (inventorySetQuantities), in place", async () => {
    const { user, shop, item } = await listed();
    await db().update(channelListings).set({ quantity: 3, priceMinor: 4800 }).where(eq(channelListings.itemId, item.id));
    await market().revise(user.id, item.id);
    expect(productsOf(shop)).toMatchObject([{ status: 'ACTIVE', variants: [{ price: '48.00', inventoryQuantity: 3 }] }]);
    // One sold on Shopify, recorded: two left, which the store already counts, so the revise sets nothing.
    await fake.buy(shop, { sku: item.sku });
    await t.deps.services.sales.pullSalesOf(user.id, 'shopify');
    expect(productsOf(shop)[0]!.variants[0]!.inventoryQuantity).toBe(2);
    await db().update(channelListings).set({ quantity: 5, status: 'live' }).where(eq(channelListings.itemId, item.id));
    await market().revise(user.id, item.id);
    expect(productsOf(shop)).toHaveLength(1);
    expect(productsOf(shop)[0]!.variants[0]!.inventoryQuantity).toBe(4);
  });

  it("deleting the item archives its product (it stays in the store's admin)", async () => {
    const { user, shop, item } = await listed();
    const answer = await api(user, 'POST', '/api/items/delete', { ids: [item.id] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ deletedIds: [item.id], refused: [] });
    expect(productsOf(shop)).toMatchObject([{ status: 'ARCHIVED' }]);
    expect(await shopifyRow(item.id)).toBeUndefined();
  });
});

describe('sales on Shopify', () => {
  it('an order becomes one sale, the listing sold; pulled again, nothing twice', async () => {
    const { user, shop, item } = await listed();
    await fake.buy(shop, { sku: item.sku, shipping: '5.50' });
    expect(await t.deps.services.sales.pullSalesOf(user.id, 'shopify')).toMatchObject({ newSales: 1, sold: [item.id] });
    expect(await t.deps.services.sales.pullSalesOf(user.id, 'shopify')).toMatchObject({ newSales: 0 });
    const mine = await db().select().from(sales).where(eq(sales.userId, user.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ channel: 'shopify', priceMinor: 4500, shippingChargedMinor: 550, currency: 'USD' });
    expect(await shopifyRow(item.id)).toMatchObject({ status: 'sold' });
  });

  it("records the buyer's name from the order's customer (Order.customer), none for a guest checkout", async () => {
    const { user, shop, item } = await listed();
    const made = fake.shop(shop).buy({ sku: item.sku });
    await t.deps.services.sales.pullSalesOf(user.id, 'shopify');
    const [recorded] = await db().select().from(sales).where(eq(sales.userId, user.id));
    expect(recorded?.buyer).toBe(`${made.customer!.firstName} ${made.customer!.lastName}`);
    expect(recorded?.buyer).toMatch(/^Shopify Buyer \d+$/);

    const guest = await listed();
    fake.shop(guest.shop).buy({ sku: guest.item.sku, guest: true });
    await t.deps.services.sales.pullSalesOf(guest.user.id, 'shopify');
    expect(await db().select().from(sales).where(eq(sales.userId, guest.user.id))).toMatchObject([{ channel: 'shopify', buyer: null }]);
  });

  it("reads the fees Shopify Payments charged from the order's transactions; an order paid another way stays pending", async () => {
    const { user, shop, item } = await listed();
    await fake.buy(shop, { sku: item.sku, shipping: '5.50' });
    await t.deps.services.sales.pullSalesOf(user.id, 'shopify');
    expect(await t.deps.services.fees.pullFeesOf(user.id, 'shopify')).toEqual({ orders: 1, stored: 1 });
    // 2.9% of $50.50 ($1.46) and 30¢.
    expect(await db().select().from(sales).where(eq(sales.userId, user.id))).toMatchObject([{ feesMinor: 176, currency: 'USD' }]);
    expect(await t.deps.services.fees.pullFeesOf(user.id, 'shopify')).toEqual({ orders: 0, stored: 0 });

    const other = await listed();
    fake.shop(other.shop).shopifyPayments = false;
    await fake.buy(other.shop, { sku: other.item.sku });
    await t.deps.services.sales.pullSalesOf(other.user.id, 'shopify');
    expect(await t.deps.services.fees.pullFeesOf(other.user.id, 'shopify')).toEqual({ orders: 1, stored: 0 });
    expect(await db().select().from(sales).where(eq(sales.userId, other.user.id))).toMatchObject([{ feesMinor: null }]);
  });

  it('another seller’s store and orders change nothing of this seller’s', async () => {
    const a = await listed();
    const b = await connectedSeller();
    // B's own store sells a product with A's SKU: neither seller's item is sold by it.
    fake.shop(b.shop).products.set('gid://shopify/Product/1', {
      id: 'gid://shopify/Product/1',
      handle: 'copy',
      title: 'Copy',
      descriptionHtml: '',
      tags: [],
      status: 'ACTIVE',
      photoUrls: [],
      publicationIds: [],
      variants: [{ id: 'gid://shopify/ProductVariant/1', sku: a.item.sku, price: '1.00', inventoryQuantity: 1 }],
    });
    await fake.buy(b.shop, { sku: a.item.sku });
    expect(await t.deps.services.sales.pullSalesOf(a.user.id, 'shopify')).toMatchObject({ newSales: 0, sold: [] });
    expect(await t.deps.services.sales.pullSalesOf(b.user.id, 'shopify')).toMatchObject({ newSales: 0, sold: [] });
    expect(await shopifyRow(a.item.id)).toMatchObject({ status: 'live' });
    // And B cannot read A's Shopify connection or item.
    expect((await api(b.user, 'POST', `/api/channels/listings`, { itemIds: [a.item.id], channels: ['shopify'] })).statusCode).toBe(404);
  });
});
