import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShopify, type FakeShopify } from '../../../../../fakes/shopify/shopify-server';
import { createShopifyClient, type ShopifyClient } from './shopify-client';
import { SHOPIFY_API_VERSION } from './shopify-graphql';
import { ShopifyCallbackError, verifyCallback } from './shopify-oauth';
import { orderOfWebhook, verifyWebhook } from './shopify-webhooks';
import type { ShopifySession } from './shopify-graphql';
import type { ShopifyOrder } from './shopify-orders';

let fake: FakeShopify;
let client: ShopifyClient;
let hooks: Server;
let hooksUrl: string;
const received: { verified: boolean; order: ShopifyOrder | null; topic: string | undefined }[] = [];

beforeAll(async () => {
  fake = await startFakeShopify();
  client = createShopifyClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, shopOrigin: fake.originOf });
  hooks = createServer((req, res) => void receive(req, res));
  async function receive(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const header = req.headers['x-shopify-hmac-sha256'] as string | undefined;
    // The same delivery with one byte changed must be refused: the signature covers the raw body.
    const tampered = Buffer.from(raw.toString('utf8').replace('"quantity":1', '"quantity":9'));
    expect(verifyWebhook(tampered, header, fake.clientSecret)).toBe(false);
    const verified = verifyWebhook(raw, header, fake.clientSecret);
    received.push({ verified, order: verified ? orderOfWebhook(raw) : null, topic: req.headers['x-shopify-topic'] as string });
    res.writeHead(verified ? 200 : 401).end();
  }
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/webhooks/shopify`;
});
afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => hooks?.close(resolve));
});

const redirectUri = 'http://localhost:3000/api/shopify/oauth/callback';

async function connect(shop: string): Promise<ShopifySession> {
  const state = `nonce-${shop}`;
  const consent = await fetch(client.authorizeUrl({ shop, redirectUri, state }), { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  const { code } = verifyCallback({ query: back.searchParams, clientSecret: fake.clientSecret, expectedState: state });
  return client.exchangeCode(shop, code);
}

describe('Shopify OAuth', () => {
  it('connects a store: signed callback, our nonce, code for an offline token', async () => {
    const session = await connect('vintage-one.myshopify.com');
    expect(session.accessToken).toMatch(/^shpat_/);
    expect((await client.shopInfo(session)).domain).toBe('vintage-one.myshopify.com');
  });

  it('refuses a callback with a changed parameter, another state, a foreign shop or an old timestamp', async () => {
    const state = 'nonce-x';
    const consent = await fetch(client.authorizeUrl({ shop: 'vintage-two.myshopify.com', redirectUri, state }), { redirect: 'manual' });
    const query = new URL(consent.headers.get('location')!).searchParams;
    const check = (q: URLSearchParams, expectedState = state, now?: number) => {
      try {
        verifyCallback({ query: q, clientSecret: fake.clientSecret, expectedState, now });
        return 'ok';
      } catch (err) {
        return (err as ShopifyCallbackError).problem;
      }
    };
    expect(check(query)).toBe('ok');
    const forged = new URLSearchParams(query);
    forged.set('shop', 'attacker.myshopify.com');
    expect(check(forged)).toBe('bad-hmac');
    expect(check(query, 'another-nonce')).toBe('bad-state');
    expect(check(query, state, Date.now() + 10 * 60_000)).toBe('stale');
    const code = query.get('code')!;
    await client.exchangeCode('vintage-two.myshopify.com', code);
    // A code is single use.
    await expect(client.exchangeCode('vintage-two.myshopify.com', code)).rejects.toMatchObject({ status: 400 });
    // The client secret is never sent to a host that is not a store's own domain.
    let sent = false;
    const guarded = createShopifyClient({ clientId: 'id', clientSecret: 'secret', fetch: async () => ((sent = true), new Response('{}')) });
    await expect(guarded.exchangeCode('evil.example.com', code)).rejects.toMatchObject({ status: 400 });
    expect(sent).toBe(false);
  });
});

describe('a listing on Shopify, end to end against the fake', () => {
  it('creates with 3 photos and quantity, publishes, revises the price, reads the sale by pull and by webhook, archives', async () => {
    const session = await connect('seller-a.myshopify.com');
    const other = await connect('seller-b.myshopify.com');
    const info = await client.shopInfo(session);
    expect(info).toMatchObject({ currency: 'USD', locationId: expect.any(String), onlineStorePublicationId: expect.any(String) });
    const since = new Date(Date.now() - 1000);

    const made = await client.createProduct(session, {
      title: "Levi's 501 jeans",
      descriptionHtml: '<p>Worn once.</p>',
      tags: ['denim'],
      photoUrls: [1, 2, 3].map((n) => `https://files.example/p${n}.jpg`),
      sku: 'RS-0001',
      price: { amountMinor: 4500, currency: 'USD' },
      quantity: 2,
      locationId: info.locationId!,
      handle: 'rs-0001',
    });
    expect(made.mediaCount).toBe(3);
    // A retried create (its answer lost) replaces the product it made: still one product.
    const again = await client.createProduct(session, {
      title: "Levi's 501 jeans",
      descriptionHtml: '<p>Worn once.</p>',
      photoUrls: [1, 2, 3].map((n) => `https://files.example/p${n}.jpg`),
      sku: 'RS-0001',
      price: { amountMinor: 4500, currency: 'USD' },
      quantity: 2,
      locationId: info.locationId!,
      handle: 'rs-0001',
    });
    expect(again.productId).toBe(made.productId);
    const shop = fake.shop('seller-a.myshopify.com');
    expect(shop.products.size).toBe(1);
    expect(fake.shop('seller-b.myshopify.com').products.size).toBe(0);
    expect(shop.products.get(made.productId)).toMatchObject({
      photoUrls: expect.any(Array),
      variants: [{ sku: 'RS-0001', price: '45.00', inventoryQuantity: 2 }],
    });

    await client.publish(session, made.productId, info.onlineStorePublicationId!);
    await client.revisePrice(session, {
      productId: made.productId,
      variantId: made.variantId!,
      price: { amountMinor: 3999, currency: 'USD' },
    });
    await client.reviseProduct(session, { productId: made.productId, title: "Levi's 501 jeans, W32" });
    expect(shop.products.get(made.productId)).toMatchObject({ title: "Levi's 501 jeans, W32", variants: [{ price: '39.99' }] });

    await client.subscribeOrdersCreate(session, hooksUrl);
    const { deliveries } = await fake.buy('seller-a.myshopify.com', { sku: 'RS-0001', shipping: '5.5' });
    expect(deliveries).toEqual([200]);
    expect(received.at(-1)).toMatchObject({ verified: true, topic: 'orders/create' });

    const orders = await client.ordersSince(session, since);
    expect(orders).toHaveLength(1);
    const line = {
      sku: 'RS-0001',
      quantity: 1,
      productId: made.productId,
      variantId: made.variantId,
      unitPrice: { amountMinor: 3999, currency: 'USD' },
    };
    expect(orders[0]).toMatchObject({ shipping: { amountMinor: 550, currency: 'USD' }, lines: [line] });
    expect(received.at(-1)!.order).toEqual(orders[0]);
    expect(await client.ordersSince(other, since)).toEqual([]);

    await client.archive(session, made.productId);
    expect(shop.products.get(made.productId)!.status).toBe('ARCHIVED');
    expect(fake.contractViolations).toEqual([]);
  });

  it('turns userErrors into a refusal with Shopify’s message', async () => {
    const session = await connect('seller-c.myshopify.com');
    const made = await client.createProduct(session, {
      title: 'Wool coat',
      descriptionHtml: '',
      photoUrls: [],
      sku: 'RS-0002',
      price: { amountMinor: 8000, currency: 'USD' },
      quantity: 1,
      locationId: (await client.shopInfo(session)).locationId!,
    });
    await expect(client.publish(session, made.productId, 'gid://shopify/Publication/404')).rejects.toMatchObject({
      name: 'ShopifyUserError',
      message: 'Publication does not exist',
    });
    await expect(
      client.createProduct(session, {
        ...{ title: 'x', descriptionHtml: '', photoUrls: [], sku: 'X', quantity: 1 },
        price: { amountMinor: 1, currency: 'USD' },
        locationId: 'gid://shopify/Location/1',
      }),
    ).rejects.toMatchObject({ name: 'ShopifyUserError', message: 'Location does not exist' });
  });
});

describe('the cost bucket', () => {
  it('waits out THROTTLED answers and sends the query again', async () => {
    const session = await connect('busy-shop.myshopify.com');
    // A bucket that holds two ShopInfo queries and gets back 200 points a second.
    Object.assign(fake.shop('busy-shop.myshopify.com').bucket, { maximumAvailable: 100, currentlyAvailable: 100, restoreRate: 200 });
    const before = fake.throttled;
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.shopInfo(session)));
    expect(answers.every((a) => a.domain === 'busy-shop.myshopify.com')).toBe(true);
    expect(fake.throttled).toBeGreaterThan(before);
    expect(client.transport.throttledRetries).toBeGreaterThan(0);
  });

  it('refuses, as Shopify does, a single query asking for more than 1,000 points (the app asks none: shopify-contract.test.ts)', async () => {
    const session = await connect('greedy-shop.myshopify.com');
    // 250 products with 250 variants each: far over the single query limit, refused before it runs.
    const query = '{ products(first: 250) { nodes { id variants(first: 250) { nodes { id sku } } } } }';
    const response = await fetch(`${fake.originOf(session.shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': session.accessToken },
      body: JSON.stringify({ query }),
    });
    const answer = (await response.json()) as { data?: unknown; errors: { message: string; extensions: { code: string; cost: number } }[] };
    expect(answer.data).toBeUndefined();
    expect(answer.errors[0]!.extensions.code).toBe('MAX_COST_EXCEEDED');
    expect(answer.errors[0]!.extensions.cost).toBeGreaterThan(1000);
    expect(answer.errors[0]!.message).toMatch(/exceeds the single query max cost limit \(1000\)/);
  });

  it("once it knows a query's cost, waits for the bucket to hold it instead of being refused", async () => {
    const session = await connect('paced-shop.myshopify.com');
    const shop = fake.shop('paced-shop.myshopify.com');
    const costs: number[] = [];
    const spend = shop.spend.bind(shop);
    shop.spend = (cost) => (costs.push(cost), spend(cost));
    await client.shopInfo(session); // Shopify's answer gives the query's cost and the bucket's state
    const cost = costs[0]!;
    expect(cost).toBeGreaterThan(0);
    // A bucket that holds two ShopInfo queries and gets back one a tenth of a second.
    Object.assign(shop.bucket, { maximumAvailable: 2 * cost, currentlyAvailable: 2 * cost, restoreRate: 10 * cost, at: Date.now() });
    await client.shopInfo(session); // the new bucket's size and rate
    const [throttledBefore, retriesBefore] = [fake.throttled, client.transport.throttledRetries];
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.shopInfo(session)));
    expect(answers.every((a) => a.domain === 'paced-shop.myshopify.com')).toBe(true);
    expect(fake.throttled - throttledBefore).toBe(0);
    expect(client.transport.throttledRetries - retriesBefore).toBe(0);
  });
});
