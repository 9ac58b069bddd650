import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assistedPaths } from '@shared/contracts/assisted';
import { shopifyMessages, shopifyPaths } from '@shared/contracts/shopify';
import { channelsPaths } from '@shared/contracts/channels';
import { startFakeShopify, type FakeShopify } from '../../../../../fakes/shopify/shopify-server';
import { channelListings, items, jobs, sales } from '../../../db/schema';
import { itemSubject, listingSubject } from '../../../jobs/job-subject';
import { jobKinds } from '../../../jobs/job-kinds';
import { claimNextJob, enqueue } from '../../../jobs/queue';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { makeJpeg } from '../../../test/images';
import { drain, silentLog } from '../../../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { createItemWithPhotos } from '../../../test/uploads';
import { webhookSignature } from '../api/shopify-webhooks';

/**
 * Shopify's pushed sales (decision 077) against the fake Shopify: the app's orders/create endpoint, its HMAC, and the
 * subscription made on connect. The fake's orders are delivered to the app by hand (the app's PUBLIC_URL is https).
 */
const PUBLIC_URL = 'https://resale.example';
const CALLBACK = `${PUBLIC_URL}${shopifyPaths.webhooks}`;
let fake: FakeShopify;
let t: TestApp;
let pool: WorkerPool;
let stores = 0;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeShopify();
  t = await createTestApp(
    { SHOPIFY_API_KEY: fake.clientId, SHOPIFY_API_SECRET: fake.clientSecret, SHOPIFY_SHOP_ORIGIN: fake.url, PUBLIC_URL, LOG_LEVEL: 'info' },
    { logLines },
  );
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const db = () => t.deps.database.db;
const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function connectedSeller() {
  const user = await t.makeUser();
  const shop = `pushed-${++stores}-${Date.now()}.myshopify.com`;
  const start = await api(user, 'POST', channelsPaths.connect('shopify'), { shop });
  expect(start.statusCode, start.body).toBe(200);
  const install = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
  const back = new URL(install.headers.get('location')!);
  const callback = await api(user, 'GET', `${back.pathname}?${back.searchParams.toString()}`);
  expect(callback.headers.location).toBe('/channels');
  return { user, shop };
}

/** A seller's item live on their Shopify store and on Depop (an assisted channel: its end is a delist task). */
async function itemLiveOnShopifyAndDepop() {
  const { user, shop } = await connectedSeller();
  const files = await Promise.all([1, 2].map(async (i) => ({ name: `${i}.jpg`, bytes: await makeJpeg(64 + i, 48) })));
  const { item } = await createItemWithPhotos(t.app, user.cookie, files);
  await db()
    .update(items)
    .set({ aiTitle: 'Wool Coat, Navy, M', aiDescription: 'A navy wool coat.', aiSuggestedPriceMinor: 6000, category: 'Coats' })
    .where(eq(items.id, item.id));
  const listed = await api(user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: ['shopify'] });
  expect(listed.statusCode, listed.body).toBe(200);
  await drain(pool);
  const depop = await api(user, 'POST', assistedPaths.listed(item.id, 'depop'), { url: `https://www.depop.com/products/${item.id}/` });
  expect(depop.statusCode, depop.body).toBe(200);
  return { user, shop, item };
}

const listingOf = async (itemId: string, channel: string) =>
  (await db().select().from(channelListings).where(eq(channelListings.itemId, itemId))).find((r) => r.channel === channel);
const salesOf = (userId: string) => db().select().from(sales).where(eq(sales.userId, userId));
const endJobsOf = (itemId: string) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'end-sold-elsewhere'), eq(jobs.itemId, itemId)));

/** A buyer's order in the fake store (not delivered): its webhook body. */
function order(shop: string, sku: string) {
  const made = fake.shop(shop).buy({ sku, shipping: '4.00' });
  return { order: made, body: fake.shop(shop).webhookBody(made) };
}

let deliveries = 0;
/** Delivers an orders/create webhook to the app as Shopify does; `secret` signs it (the app's, or a forger's). */
function deliver(shop: string, body: string, options: { secret?: string; webhookId?: string; hmac?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: shopifyPaths.webhooks,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': shop,
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': options.webhookId ?? `wh-${++deliveries}`,
      'x-shopify-hmac-sha256': options.hmac ?? webhookSignature(body, options.secret ?? fake.clientSecret),
    },
    payload: body,
  });
}

describe('the orders/create webhook', () => {
  it('records the sale once, marks the Shopify listing sold and queues the ends elsewhere, which run first', async () => {
    const { user, shop, item } = await itemLiveOnShopifyAndDepop();
    await db().delete(jobs);
    const { body } = order(shop, item.sku);
    const answer = await deliver(shop, body);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await salesOf(user.id)).toMatchObject([{ itemId: item.id, channel: 'shopify', priceMinor: 6000, shippingChargedMinor: 400 }]);
    // The buyer's name, from the REST Order's customer, as the pull reads it from the GraphQL order.
    expect((await salesOf(user.id))[0]?.buyer).toMatch(/^Shopify Buyer \d+$/);
    expect((await listingOf(item.id, 'shopify'))?.status).toBe('sold');
    expect(await endJobsOf(item.id)).toHaveLength(1);
    // The end is claimed before a publish queued earlier.
    await enqueue(db(), 'publish-listing', { userId: user.id, subject: listingSubject(item.id, 'etsy'), runAfterMs: Date.now() - 120_000 });
    const claimed = await claimNextJob(db(), { kinds: jobKinds, nowMs: Date.now() + 1000, leaseMs: 60_000, owner: 'test' });
    expect(claimed).toMatchObject({ kind: 'end-sold-elsewhere', itemId: item.id });
    await db().delete(jobs);
    await enqueue(db(), 'end-sold-elsewhere', { userId: user.id, subject: itemSubject(item.id), runAfterMs: Date.now() - 60_000 });
    await drain(pool);
    // Depop's listing became the seller's delist task.
    expect((await listingOf(item.id, 'depop'))?.delistTaskAt).toBeInstanceOf(Date);
  });

  it('changes nothing for a forged HMAC, and logs it without the body or a secret', async () => {
    const { user, shop, item } = await itemLiveOnShopifyAndDepop();
    const { body } = order(shop, item.sku);
    logLines.length = 0;
    const forged = await deliver(shop, body, { secret: 'not-the-app-secret' });
    expect(forged.statusCode).toBe(401);
    const unsigned = await deliver(shop, body, { hmac: '' });
    expect(unsigned.statusCode).toBe(401);
    const altered = await deliver(shop, body.replace('"quantity":1', '"quantity":2'), { hmac: webhookSignature(body, fake.clientSecret) });
    expect(altered.statusCode).toBe(401);
    expect(await salesOf(user.id)).toEqual([]);
    expect((await listingOf(item.id, 'shopify'))?.status).toBe('live');
    expect(await endJobsOf(item.id)).toEqual([]);
    const refused = logLines.filter((line) => line.includes('refused (signature)'));
    expect(refused).toHaveLength(3);
    for (const line of logLines) {
      expect(line).not.toContain(fake.clientSecret);
      expect(line).not.toContain(item.sku);
    }
  });

  it('changes nothing for an order no Shopify sends, even signed with the app’s secret: a negative price, no unit', async () => {
    const { user, shop, item } = await itemLiveOnShopifyAndDepop();
    const { body } = order(shop, item.sku);
    type Order = {
      created_at: string;
      total_shipping_price_set: { shop_money: { amount: string; currency_code: string } };
      line_items: { quantity: number; price_set: { shop_money: { amount: string; currency_code: string } } }[];
    };
    const altered = (change: (order: Order) => void) => {
      const parsed = JSON.parse(body) as Order;
      change(parsed);
      return JSON.stringify(parsed);
    };
    const hostile = [
      altered((o) => (o.line_items[0]!.price_set.shop_money.amount = '-5.00')),
      altered((o) => (o.line_items[0]!.quantity = 0)),
      altered((o) => (o.line_items[0]!.quantity = -1)),
      altered((o) => (o.total_shipping_price_set.shop_money.amount = '-4.00')),
      altered((o) => (o.line_items[0]!.price_set.shop_money.currency_code = 'EUR')),
      altered((o) => (o.line_items = [])),
      altered((o) => (o.created_at = 'yesterday')),
    ];
    for (const [i, hostileBody] of hostile.entries()) {
      const answer = await deliver(shop, hostileBody);
      expect({ i, status: answer.statusCode }).toEqual({ i, status: 400 });
    }
    expect(await salesOf(user.id)).toEqual([]);
    expect((await listingOf(item.id, 'shopify'))?.status).toBe('live');
    expect(await endJobsOf(item.id)).toEqual([]);
    // The order as Shopify sent it is still recorded.
    expect((await deliver(shop, body)).statusCode).toBe(200);
    expect(await salesOf(user.id)).toHaveLength(1);
  });

  it('changes nothing when replayed, the same order sent again, or pulled after it', async () => {
    const { user, shop, item } = await itemLiveOnShopifyAndDepop();
    const { body } = order(shop, item.sku);
    expect((await deliver(shop, body, { webhookId: 'replayed-1' })).statusCode).toBe(200);
    await db().delete(jobs);
    expect((await deliver(shop, body, { webhookId: 'replayed-1' })).statusCode).toBe(200);
    expect((await deliver(shop, body)).statusCode).toBe(200);
    expect(await t.deps.services.sales.pullSalesOf(user.id, 'shopify')).toMatchObject({ newSales: 0, sold: [] });
    expect(await salesOf(user.id)).toHaveLength(1);
    expect(await endJobsOf(item.id)).toEqual([]);
  });

  it('counts one sale when the pull comes first', async () => {
    const { user, shop, item } = await itemLiveOnShopifyAndDepop();
    const { body } = order(shop, item.sku);
    expect(await t.deps.services.sales.pullSalesOf(user.id, 'shopify')).toMatchObject({ newSales: 1, sold: [item.id] });
    await db().delete(jobs);
    expect((await deliver(shop, body)).statusCode).toBe(200);
    expect(await salesOf(user.id)).toHaveLength(1);
    expect(await endJobsOf(item.id)).toEqual([]);
  });

  it('with only the fields the stored document shows (no order in the body), the sale is still recorded at once', async () => {
    const { user, shop, item } = await itemLiveOnShopifyAndDepop();
    await db().delete(jobs);
    fake.documentedFieldsOnly = true;
    try {
      const made = fake.shop(shop).buy({ sku: item.sku, shipping: '4.00' });
      const body = fake.webhookBodyOf(shop, made);
      expect(JSON.parse(body)).toEqual({});
      expect((await deliver(shop, body)).statusCode).toBe(200);
    } finally {
      fake.documentedFieldsOnly = false;
    }
    // The store's sales are pulled at once (a job, ahead of the 300 s schedule), and the other listings ended.
    await drain(pool);
    expect(await salesOf(user.id)).toMatchObject([{ itemId: item.id, channel: 'shopify', priceMinor: 6000 }]);
    expect((await listingOf(item.id, 'shopify'))?.status).toBe('sold');
    expect((await listingOf(item.id, 'depop'))?.delistTaskAt).toBeInstanceOf(Date);
  });

  it('changes nothing for a store no seller connected, nor for another seller’s order sent as this store’s', async () => {
    const a = await itemLiveOnShopifyAndDepop();
    const b = await itemLiveOnShopifyAndDepop();
    // B's order, delivered as from a store nobody connected.
    const { body } = order(b.shop, b.item.sku);
    expect((await deliver('nobody-here.myshopify.com', body)).statusCode).toBe(200);
    // B's order delivered as from A's store: none of A's listings; B's sale is B's store's to tell.
    expect((await deliver(a.shop, body)).statusCode).toBe(200);
    expect(await salesOf(a.user.id)).toEqual([]);
    expect(await salesOf(b.user.id)).toEqual([]);
    expect((await listingOf(b.item.id, 'shopify'))?.status).toBe('live');
    expect((await listingOf(a.item.id, 'shopify'))?.status).toBe('live');
  });
});

describe('the subscription', () => {
  it('is made once when a store connects, and asking again (each start) makes no second', async () => {
    const { user, shop } = await connectedSeller();
    expect(fake.shop(shop).webhooks).toMatchObject([{ topic: 'ORDERS_CREATE', uri: CALLBACK }]);
    const subscriptions = t.deps.services.channels.shopify.subscriptions;
    expect(await subscriptions.ensureSubscription(user.id)).toBe('unchanged');
    expect(await subscriptions.subscribeConnectedSellers()).toBeGreaterThanOrEqual(1);
    expect(fake.shop(shop).webhooks).toHaveLength(1);
  });

  it('is deleted when the store disconnects (webhookSubscriptionDelete), and the answer says so', async () => {
    const { user, shop } = await connectedSeller();
    expect(fake.shop(shop).webhooks).toHaveLength(1);
    const answer = await t.app.inject({ method: 'DELETE', url: channelsPaths.connection('shopify'), headers: { cookie: user.cookie } });
    expect(answer.statusCode).toBe(200);
    const disconnected = expect.objectContaining({ channel: 'shopify', status: 'not-connected', accountLabel: null });
    expect(answer.json()).toEqual({
      success: true,
      message: `${shopifyMessages.disconnected} ${shopifyMessages.webhookDeleted}`,
      connection: disconnected,
    });
    expect(fake.shop(shop).webhooks).toEqual([]);
    // Disconnected already: nothing to delete, and nothing said of a webhook.
    const again = await t.app.inject({ method: 'DELETE', url: channelsPaths.connection('shopify'), headers: { cookie: user.cookie } });
    expect(again.json()).toEqual({ success: true, message: shopifyMessages.disconnected, connection: disconnected });
  });

  it('is not made without a public https address', async () => {
    const local = await createTestApp({
      SHOPIFY_API_KEY: fake.clientId,
      SHOPIFY_API_SECRET: fake.clientSecret,
      SHOPIFY_SHOP_ORIGIN: fake.url,
      PUBLIC_URL: 'http://localhost:3000',
    });
    try {
      const subscriptions = local.deps.services.channels.shopify.subscriptions;
      expect(subscriptions.active).toBe(false);
      const user = await local.makeUser();
      expect(await subscriptions.ensureSubscription(user.id)).toBe('skipped');
    } finally {
      await local.close();
    }
  });
});
