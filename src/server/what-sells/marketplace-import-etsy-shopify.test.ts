import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PastSalesSourcesResponse } from '@shared/contracts/past-sales-imports';
import { FAKE_ETSY_SHOP_ID, startFakeEtsy, type FakeEtsy } from '../../../fakes/etsy/etsy-server';
import { startFakeShopify, type FakeShopify } from '../../../fakes/shopify/shopify-server';
import { items, sales } from '../db/schema';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { connectEtsyThroughApp, fakeEtsyEnv } from '../test/fake-etsy-seller';
import { drain, silentLog } from '../test/listings';
import { importPastSales } from '../test/past-sales-imports';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/** The import of past sales from Etsy (receipts and ledger) and Shopify (orders), against their fakes (decision 150). */
let etsy: FakeEtsy;
let shopify: FakeShopify;
let t: TestApp;
let pool: WorkerPool;

beforeAll(async () => {
  etsy = await startFakeEtsy({ callsPerSecond: 0 });
  shopify = await startFakeShopify();
  t = await createTestApp({
    ...fakeEtsyEnv(etsy),
    SHOPIFY_API_KEY: shopify.clientId,
    SHOPIFY_API_SECRET: shopify.clientSecret,
    SHOPIFY_SHOP_ORIGIN: shopify.url,
  });
  pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
  await etsy?.close();
  await shopify?.close();
});
afterEach(() => {
  expect(etsy.contractViolations).toEqual([]);
  expect(shopify.contractViolations).toEqual([]);
});

const DAY = 86_400_000;
const db = () => t.deps.database.db;
const api = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const salesOf = (userId: string, channel: 'etsy' | 'shopify') =>
  db()
    .select()
    .from(sales)
    .where(and(eq(sales.userId, userId), eq(sales.channel, channel)));

const importAll = (user: TestUser, channel: 'etsy' | 'shopify') => importPastSales({ app: t.app, db: db(), pool }, user, channel);

describe('importing past sales from Etsy and Shopify', () => {
  it(
    'Etsy: every page of the shop’s receipts, however old, each with its title and the fees its ledger booked',
    async () => {
      const user = await t.makeUser();
      expect((await connectEtsyThroughApp(t.app, user.cookie)).statusCode).toBe(200);
      const now = Date.now();
      // 104 receipts over Etsy's 100 a page, one of them three years old (Etsy documents no limit back).
      for (let n = 0; n < 103; n += 1)
        etsy.seedReceipt({
          sku: `ETSY-${n}`,
          title: `Etsy mug ${n}`,
          price: 18,
          shipping: 4,
          at: now - (n + 1) * DAY,
          shopId: FAKE_ETSY_SHOP_ID,
        });
      etsy.seedReceipt({ sku: 'ETSY-OLD', title: 'An old print', price: 30, at: now - 3 * 365 * DAY, shopId: FAKE_ETSY_SHOP_ID });

      const { sources } = (await api(user, 'GET', '/api/what-sells/past-sales/imports')).json() as PastSalesSourcesResponse;
      expect(sources.map((s) => s.channel)).toEqual(['etsy']);

      const done = await importAll(user, 'etsy');
      expect(done).toMatchObject({ status: 'done', lines: 104, imported: 104, alreadyHere: 0 });
      const rows = await salesOf(user.id, 'etsy');
      expect(rows).toHaveLength(104);
      const mug = rows.find((r) => r.sku === 'ETSY-0')!;
      expect(mug).toMatchObject({ priceMinor: 1800, shippingChargedMinor: 400, currency: 'USD' });
      expect(mug.feesMinor).toBeGreaterThan(0);
      const [item] = await db().select().from(items).where(eq(items.id, mug.itemId!));
      expect(item).toMatchObject({ sku: 'ETSY-0', aiTitle: 'Etsy mug 0' });
      expect(rows.some((r) => r.sku === 'ETSY-OLD')).toBe(true);

      expect(await importAll(user, 'etsy')).toMatchObject({ status: 'done', imported: 0, alreadyHere: 104 });
      expect(await salesOf(user.id, 'etsy')).toHaveLength(104);
    },
    paced(120_000),
  );

  it(
    'Shopify: every page of the last 60 days of orders (all Shopify lets the app read), with Shopify Payments’ fees',
    async () => {
      const user = await t.makeUser();
      const shop = `past-sales-${Date.now()}.myshopify.com`;
      const start = await api(user, 'POST', '/api/channels/shopify/connect', { shop });
      const install = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
      const back = new URL(install.headers.get('location')!);
      expect((await api(user, 'GET', `${back.pathname}?${back.searchParams.toString()}`)).statusCode).toBe(302);
      const now = Date.now();
      // 12 orders over the pull's 10 a page; one 70 days old, past what Shopify answers without read_all_orders.
      for (let n = 0; n < 12; n += 1)
        shopify
          .shop(shop)
          .buy({ sku: `SHOP-${n}`, title: `Shop scarf ${n}`, price: '25.00', shipping: '5.00', at: new Date(now - (n + 1) * 4 * DAY) });
      shopify.shop(shop).buy({ sku: 'SHOP-OLD', price: '25.00', at: new Date(now - 70 * DAY) });

      const done = await importAll(user, 'shopify');
      expect(done).toMatchObject({ status: 'done', lines: 12, imported: 12, alreadyHere: 0, feeOrders: 12 });
      const rows = await salesOf(user.id, 'shopify');
      expect(rows.map((r) => r.sku).sort()).toEqual(Array.from({ length: 12 }, (_, n) => `SHOP-${n}`).sort());
      // 2.9% + 30¢ of the 30.00 paid.
      const scarf = rows.find((r) => r.sku === 'SHOP-0')!;
      expect(scarf).toMatchObject({ priceMinor: 2500, shippingChargedMinor: 500, feesMinor: 117, orderName: expect.stringMatching(/^#/) });
      const [item] = await db().select().from(items).where(eq(items.id, scarf.itemId!));
      expect(item).toMatchObject({ sku: 'SHOP-0', aiTitle: 'Shop scarf 0' });

      expect(await importAll(user, 'shopify')).toMatchObject({ status: 'done', imported: 0, alreadyHere: 12 });
    },
    paced(120_000),
  );

  it(
    'stops with the marketplace’s words when Etsy refuses the receipts, or the Shopify store uninstalled the app',
    async () => {
      const user = await t.makeUser();
      expect((await connectEtsyThroughApp(t.app, user.cookie)).statusCode).toBe(200);
      await drain(pool); // the first sales pull, queued on connecting, reads the receipts first
      etsy.failNext({ operationId: 'getShopReceipts', status: 403, message: 'The application does not have the transactions_r scope' });
      const etsyFailed = await importAll(user, 'etsy');
      expect(etsyFailed).toMatchObject({ status: 'failed', imported: 0 });
      // A missing scope is mended by connecting again, which asks for every scope the app needs.
      expect(etsyFailed.error).toBe(
        'The import from Etsy stopped: Your Etsy connection has expired: reconnect it on the Marketplaces screen.',
      );

      const seller = await t.makeUser();
      const shop = `uninstalled-${Date.now()}.myshopify.com`;
      const start = await api(seller, 'POST', '/api/channels/shopify/connect', { shop });
      const install = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
      const back = new URL(install.headers.get('location')!);
      expect((await api(seller, 'GET', `${back.pathname}?${back.searchParams.toString()}`)).statusCode).toBe(302);
      await drain(pool);
      shopify.uninstall(shop);
      const shopifyFailed = await importAll(seller, 'shopify');
      expect(shopifyFailed).toMatchObject({ status: 'failed', imported: 0 });
      expect(shopifyFailed.error).toBe(
        'The import from Shopify stopped: Shopify no longer accepts this store’s connection (the app was removed or its access revoked): connect your store again on the Marketplaces screen.',
      );
      expect(await salesOf(seller.id, 'shopify')).toHaveLength(0);
    },
    paced(120_000),
  );
});
