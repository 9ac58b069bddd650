import { paced } from '@shared/testing/pace';
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelsPaths } from '@shared/contracts/channels';
import { depopPaths } from '@shared/contracts/depop';
import { ebayPaths } from '@shared/contracts/ebay';
import { shopifyPaths } from '@shared/contracts/shopify';
import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import { startFakeShopify, type FakeShopify } from '../../../fakes/shopify/shopify-server';
import { channelListings, items, jobs, sales } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { depopTestKit } from '../test/depop-seller';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { makeJpeg } from '../test/images';
import { drain, silentLog } from '../test/listings';
import { createTestApp, type TestApp } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import { webhookSignature } from './shopify/api/shopify-webhooks';
import { depopWebhookSignature } from './depop/webhooks/verify-signature';

/**
 * Every marketplace that pushes its sales (eBay's notifications, Shopify's and Depop's webhooks) keeps the same rules,
 * against deliveries signed with the right secret: an order it does not know, another seller's real order named for
 * this one, a NUL in an id, a body of `null`, an empty object or fields of the wrong type never get a 5xx (the
 * marketplace would send them again for ever) and record nothing; a delivery sent twice records once; only our own
 * store failing answers 5xx, and the same delivery sent again then records the sale.
 */

/** A seller with an item live on the channel, as the rules below need them. */
interface PushSeller {
  userId: string;
  itemId: string;
  /** The seller's own real sale on the marketplace (not delivered yet): its delivery's body. */
  ownSale(): Promise<string>;
  /** Bodies of deliveries no sale of this seller's should come from, each signed as the marketplace signs. */
  hostile(): Promise<Record<string, string>>;
}

interface PushedChannel {
  app(): TestApp;
  seller(): Promise<PushSeller>;
  /** Delivers a body to the app's endpoint signed with the right secret, as the marketplace does; the HTTP status. */
  deliver(seller: PushSeller, body: string): Promise<number>;
}

/** The API channels without pushes, and why: a new channel is in one table or the other. */
const withoutPushes: Partial<Record<ApiChannel, string>> = { etsy: 'Etsy’s Open API v3 has no webhooks: its sales are pulled' };

const shapes = {
  'a body of null': 'null',
  'an empty object': '{}',
  'an array': '[]',
  'a number': '42',
  'not JSON': '{"event',
};

const listingOf = async (t: TestApp, itemId: string, channel: ApiChannel) =>
  (
    await t.deps.database.db
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel)))
  )[0];
const salesOf = (t: TestApp, userId: string) => t.deps.database.db.select().from(sales).where(eq(sales.userId, userId));
const endJobsOf = (t: TestApp, itemId: string) =>
  t.deps.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'end-sold-elsewhere'), eq(jobs.itemId, itemId)));

function pushRules(channel: ApiChannel, h: PushedChannel) {
  it(
    'never answers 5xx to a hostile signed delivery, and records nothing',
    async () => {
      const seller = await h.seller();
      const bodies = { ...shapes, ...(await seller.hostile()) };
      const answers: Record<string, number> = {};
      for (const [name, body] of Object.entries(bodies)) answers[name] = await h.deliver(seller, body);
      expect(Object.fromEntries(Object.entries(answers).filter(([, status]) => status >= 500))).toEqual({});
      // What is not a delivery at all is refused with a 4xx (eBay's check reads the JSON it verifies: 412 for not JSON).
      for (const name of Object.keys(shapes).filter((name) => name !== 'an empty object'))
        expect({ name, refused: Math.floor(answers[name]! / 100) }).toEqual({ name, refused: 4 });
      expect(await salesOf(h.app(), seller.userId)).toEqual([]);
      expect((await listingOf(h.app(), seller.itemId, channel))?.status).toBe('live');
      expect(await endJobsOf(h.app(), seller.itemId)).toEqual([]);
    },
    paced(120_000),
  );

  it(
    'records a delivery sent twice once',
    async () => {
      const seller = await h.seller();
      const body = await seller.ownSale();
      expect(await h.deliver(seller, body)).toBeLessThan(300);
      expect(await h.deliver(seller, body)).toBeLessThan(300);
      expect(await salesOf(h.app(), seller.userId)).toMatchObject([{ itemId: seller.itemId, channel }]);
      expect((await listingOf(h.app(), seller.itemId, channel))?.status).toBe('sold');
    },
    paced(120_000),
  );

  it(
    'answers 5xx only when our own store fails, and the delivery sent again is recorded',
    async () => {
      const seller = await h.seller();
      const body = await seller.ownSale();
      const storeDown = vi
        .spyOn(h.app().deps.services.sales, 'recordPushedSale')
        .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
      try {
        expect(Math.floor((await h.deliver(seller, body)) / 100)).toBe(5);
      } finally {
        storeDown.mockRestore();
      }
      expect(await salesOf(h.app(), seller.userId)).toEqual([]);
      expect(await h.deliver(seller, body)).toBeLessThan(300);
      expect(await salesOf(h.app(), seller.userId)).toMatchObject([{ itemId: seller.itemId, channel }]);
    },
    paced(120_000),
  );
}

describe('every API channel either pushes its sales through these rules or says why not', () => {
  it('is in one table or the other', () => {
    expect(apiChannels.filter((channel) => !withoutPushes[channel]).sort()).toEqual(['depop', 'ebay', 'shopify']);
  });
});

describe('eBay’s ORDER_CONFIRMATION', () => {
  const ENV = {
    EBAY_VERIFICATION_TOKEN: 'verification_token-0123456789-abcdefghij',
    PUBLIC_URL: 'https://resale.example',
    EBAY_ALERT_EMAIL: 'alerts@resale.example',
  };
  const setup = useFakeEbaySales('everypush', ENV);
  const message = (data: unknown, notificationId: unknown = randomUUID(), topic: unknown = 'ORDER_CONFIRMATION') =>
    JSON.stringify({
      metadata: { topic, schemaVersion: '1.0', deprecated: false },
      notification: {
        notificationId,
        eventDate: new Date().toISOString(),
        publishDate: new Date().toISOString(),
        publishAttemptCount: 1,
        data,
      },
    });
  const sold = async (ebaySku: string, ebayUserId: string) => {
    const before = setup.fake.state.notifications.pushes.length;
    const order = setup.fake.state.sell(ebaySku, { sellerUserId: ebayUserId });
    await setup.fake.state.notifications.settled();
    return { order, push: setup.fake.state.notifications.pushes[before]! };
  };
  const seller = async (): Promise<PushSeller & { ebayUserId: string; ebaySku: string }> => {
    const user = await setup.connectedSeller();
    await expect
      .poll(() => [...setup.fake.state.notifications.subscriptions.values()].filter((s) => s.userId === user.ebayUserId).length)
      .toBe(1);
    const { itemId, ebaySku } = await setup.publishedItem(user);
    return {
      userId: user.id,
      itemId,
      ebayUserId: user.ebayUserId,
      ebaySku,
      ownSale: async () => (await sold(ebaySku, user.ebayUserId)).push.body,
      hostile: async () => {
        const other = await setup.connectedSeller();
        const { ebaySku: otherSku } = await setup.publishedItem(other);
        const othersOrder = (await sold(otherSku, other.ebayUserId)).order;
        return {
          'an order eBay does not know': message({ orderId: '99-99999-99999' }),
          'an order eBay does not know, named for this seller': message({ orderId: '99-99999-99999', sellerId: user.ebayUserId }),
          'another seller’s real order named for this one': message({ orderId: othersOrder.orderId, sellerId: user.ebayUserId }),
          'a NUL in the order id': message({ orderId: `${othersOrder.orderId}\u0000` }),
          'a NUL in the seller id': message({ orderId: '99-99999-99999', sellerId: `${user.ebayUserId}\u0000` }),
          'a NUL in the notification id': message({ orderId: '99-99999-99999' }, `${randomUUID()}\u0000`),
          'no order id': message({}),
          'an order id of the wrong type': message({ orderId: { $ne: null } }),
          'an order id of true': message({ orderId: true }),
          'a notification id of the wrong type': message({ orderId: '99-99999-99999' }, 5.5),
          'a topic of the wrong type': message({ orderId: '99-99999-99999' }, randomUUID(), ['ORDER_CONFIRMATION']),
          'no notification': JSON.stringify({ metadata: { topic: 'ORDER_CONFIRMATION' } }),
        };
      },
    };
  };
  const deliver = async (_seller: PushSeller, body: string) =>
    (
      await setup.t.app.inject({
        method: 'POST',
        url: ebayPaths.notifications,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-ebay-signature': setup.fake.state.signNotification(body) },
      })
    ).statusCode;
  pushRules('ebay', { app: () => setup.t, seller, deliver });
});

describe('Depop’s v1:order.new', () => {
  let t: TestApp;
  let pool: WorkerPool;
  beforeAll(async () => {
    t = await createTestApp({ DEPOP_SIMULATION: 'auto' });
    pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
  }, paced(120_000));
  afterAll(async () => {
    await t?.close();
  });
  const kit = depopTestKit(
    () => t,
    () => pool,
  );
  afterEach(() => {
    expect(kit.fake().contractViolations).toEqual([]);
  });
  const delivery = (eventType: unknown, data: unknown) =>
    JSON.stringify({ id: randomUUID(), event_type: eventType, created_at: new Date().toISOString(), data });
  const liveSeller = async () => {
    // The deliveries here are the test's: the simulated Depop sends none by itself.
    kit.fake().configure({ webhookUrl: '' });
    const { user, depopSellerId } = await kit.connectedSeller();
    const item = await kit.readyItem(user);
    await kit.liveOnDepop(user, item.id);
    return { user, depopSellerId, item };
  };
  const seller = async (): Promise<PushSeller> => {
    const { user, depopSellerId, item } = await liveSeller();
    return {
      userId: user.id,
      itemId: item.id,
      ownSale: async () => {
        const purchaseId = await kit.depop().simulation!.buy(depopSellerId, item.sku);
        return delivery('v1:order.new', { seller_id: depopSellerId, purchase_id: purchaseId });
      },
      hostile: async () => {
        const other = await liveSeller();
        const othersPurchase = await kit.depop().simulation!.buy(other.depopSellerId, other.item.sku);
        return {
          'an order Depop does not know for this shop': delivery('v1:order.new', { seller_id: depopSellerId, purchase_id: '999999999' }),
          'another seller’s real purchase named for this one': delivery('v1:order.new', {
            seller_id: depopSellerId,
            purchase_id: othersPurchase,
          }),
          'a refund of an order nobody recorded': delivery('v1:order.refund', { purchase_id: othersPurchase, refunded_by: 'DEPOP' }),
          'a NUL in the purchase id': delivery('v1:order.new', { seller_id: depopSellerId, purchase_id: `${othersPurchase}\u0000` }),
          'a NUL in the seller id': delivery('v1:order.new', { seller_id: `${depopSellerId}\u0000`, purchase_id: othersPurchase }),
          'a NUL in the delivery id': JSON.stringify({
            id: 'a\u0000b',
            event_type: 'v1:order.new',
            created_at: new Date().toISOString(),
            data: { seller_id: depopSellerId, purchase_id: '999999999' },
          }),
          'a NUL in a liked product': delivery('v1:product.like', { seller_id: depopSellerId, product_id: '1\u0000', liker_id: 5 }),
          'a purchase id of true': delivery('v1:order.new', { seller_id: depopSellerId, purchase_id: true }),
          'a purchase id of the wrong type': delivery('v1:order.new', { seller_id: depopSellerId, purchase_id: { id: 1 } }),
          'no purchase id': delivery('v1:order.new', { seller_id: depopSellerId }),
          'data of null': delivery('v1:order.new', null),
          'an event type of the wrong type': delivery(7, { seller_id: depopSellerId, purchase_id: othersPurchase }),
        };
      },
    };
  };
  const deliver = async (_seller: PushSeller, body: string) => {
    const stamp = String(Math.floor(Date.now() / 1000));
    const signature = depopWebhookSignature(kit.depop().simulation!.webhookSecret, stamp, body);
    return (
      await t.app.inject({
        method: 'POST',
        url: depopPaths.webhooks,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-depop-timestamp': stamp, 'x-depop-signature': signature },
      })
    ).statusCode;
  };
  pushRules('depop', { app: () => t, seller, deliver });

  it(
    'Depop failing while its order is read: acknowledged, and the seller’s orders pulled at once',
    async () => {
      const s = await seller();
      const body = await s.ownSale();
      kit.fake().failNext({ operationId: 'getOrderByPurchaseId', status: 500, code: 'internal', times: 1 });
      expect(await deliver(s, body)).toBe(200);
      expect(await salesOf(t, s.userId)).toEqual([]);
      await drain(pool);
      expect(await salesOf(t, s.userId)).toMatchObject([{ itemId: s.itemId, channel: 'depop' }]);
      expect((await listingOf(t, s.itemId, 'depop'))?.status).toBe('sold');
    },
    paced(120_000),
  );
});

describe('Shopify’s orders/create', () => {
  const PUBLIC_URL = 'https://resale.example';
  let fake: FakeShopify;
  let t: TestApp;
  let pool: WorkerPool;
  let stores = 0;
  beforeAll(async () => {
    fake = await startFakeShopify();
    t = await createTestApp({
      SHOPIFY_API_KEY: fake.clientId,
      SHOPIFY_API_SECRET: fake.clientSecret,
      SHOPIFY_SHOP_ORIGIN: fake.url,
      PUBLIC_URL,
    });
    pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
  }, paced(120_000));
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  afterEach(() => {
    expect(fake.contractViolations).toEqual([]);
  });

  const liveSeller = async () => {
    const user = await t.makeUser();
    const shop = `every-push-${++stores}-${Date.now()}.myshopify.com`;
    const start = await t.app.inject({
      method: 'POST',
      url: channelsPaths.connect('shopify'),
      payload: { shop },
      headers: { cookie: user.cookie },
    });
    expect(start.statusCode, start.body).toBe(200);
    const install = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
    const back = new URL(install.headers.get('location')!);
    await t.app.inject({ method: 'GET', url: `${back.pathname}?${back.searchParams.toString()}`, headers: { cookie: user.cookie } });
    const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
    await t.deps.database.db
      .update(items)
      .set({ aiTitle: 'Wool Coat, Navy, M', aiDescription: 'A navy wool coat.', aiSuggestedPriceMinor: 6000, category: 'Coats' })
      .where(eq(items.id, item.id));
    const listed = await t.app.inject({
      method: 'POST',
      url: channelsPaths.listings,
      payload: { itemIds: [item.id], channels: ['shopify'] },
      headers: { cookie: user.cookie },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    await drain(pool);
    return { user, shop, item };
  };
  const shops = new Map<string, string>();
  const seller = async (): Promise<PushSeller> => {
    const { user, shop, item } = await liveSeller();
    shops.set(user.id, shop);
    const ownOrder = () => fake.shop(shop).webhookBody(fake.shop(shop).buy({ sku: item.sku, shipping: '4.00' }));
    return {
      userId: user.id,
      itemId: item.id,
      ownSale: async () => ownOrder(),
      hostile: async () => {
        const other = await liveSeller();
        const othersOrder = fake.shop(other.shop).webhookBody(fake.shop(other.shop).buy({ sku: other.item.sku, shipping: '4.00' }));
        const changed = (change: (order: Record<string, unknown> & { line_items: Record<string, unknown>[] }) => void) => {
          const order = JSON.parse(othersOrder) as Record<string, unknown> & { line_items: Record<string, unknown>[] };
          change(order);
          return JSON.stringify(order);
        };
        return {
          'another seller’s real order named for this store': othersOrder,
          'an order of products the store does not have': changed((o) => {
            for (const line of o.line_items) line.product_id = 999_999_999;
          }),
          'a NUL in the order id': changed((o) => (o.admin_graphql_api_id = `${String(o.admin_graphql_api_id)}\u0000`)),
          'a NUL in a line id': changed((o) => (o.line_items[0]!.admin_graphql_api_id = 'gid://shopify/LineItem/1\u0000')),
          'a NUL in a SKU': changed((o) => (o.line_items[0]!.sku = `x\u0000`)),
          'lines of the wrong type': changed((o) => (o.line_items = 'many' as never)),
          'a quantity of the wrong type': changed((o) => (o.line_items[0]!.quantity = '1')),
          'lines of null': changed((o) => (o.line_items = null as never)),
        };
      },
    };
  };
  const deliver = async (s: PushSeller, body: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: shopifyPaths.webhooks,
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/create',
          'x-shopify-shop-domain': shops.get(s.userId)!,
          'x-shopify-api-version': '2026-10',
          // Shopify's id of the delivery: the same when it sends one again.
          'x-shopify-webhook-id': `wh-${createHash('sha256').update(body).digest('hex').slice(0, 16)}`,
          'x-shopify-hmac-sha256': webhookSignature(body, fake.clientSecret),
        },
      })
    ).statusCode;
  pushRules('shopify', { app: () => t, seller, deliver });
});
