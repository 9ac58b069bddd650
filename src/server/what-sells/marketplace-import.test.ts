import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PastSalesSourcesResponse } from '@shared/contracts/past-sales-imports';
import type { WhatSellsResponse } from '@shared/contracts/what-sells';
import type { FakeEbay } from '../../../fakes/ebay/ebay-server';
import { items, sales, salesCursors } from '../db/schema';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { drain } from '../test/listings';
import { importPastSales } from '../test/past-sales-imports';
import type { TestApp, TestUser } from '../test/test-app';
import type { WorkerPool } from '../jobs/worker-pool';

/** The import of past sales from eBay (decision 150), through the route and the job, against the fake eBay. */
const setup = useFakeEbaySales('pastsales');
const { connectedSeller, publishedItem } = setup;
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;
beforeAll(() => {
  ({ fake, t, pool } = setup);
});

const DAY = 86_400_000;
const db = () => t.deps.database.db;

async function startImport(user: TestUser, channel = 'ebay') {
  return t.app.inject({
    method: 'POST',
    url: '/api/what-sells/past-sales/imports',
    payload: { channel },
    headers: { cookie: user.cookie },
  });
}

const importAll = (user: TestUser) => importPastSales({ app: t.app, db: db(), pool }, user, 'ebay');

const salesOf = (userId: string) => db().select().from(sales).where(eq(sales.userId, userId));

describe('importing past sales from eBay', () => {
  it(
    'reads every page of two years of orders, with eBay’s fees, each sale an item; a second import adds nothing',
    async () => {
      const user = await connectedSeller();
      const now = Date.now();
      // 205 orders over eBay's 200 a page; one past eBay's two years, which getOrders does not answer.
      const orders = Array.from({ length: 205 }, (_, n) =>
        fake.state.addOrder(user.ebayUserId, [{ sku: `PAST-${n}`, title: `Past jacket ${n}`, price: '20.00', shipping: '5.00' }], {
          at: now - (n + 1) * 3 * 60 * 60 * 1000,
        }),
      );
      fake.state.setOrderFees(orders[0]!.orderId, ['3.40']);
      fake.state.addOrder(user.ebayUserId, [{ sku: 'TOO-OLD' }], { at: now - 800 * DAY });
      const cancelled = fake.state.addOrder(user.ebayUserId, [{ sku: 'CANCELLED' }], { at: now - 2 * DAY });
      fake.state.cancelOrder(cancelled.orderId);

      const sources = await t.app.inject({ method: 'GET', url: '/api/what-sells/past-sales/imports', headers: { cookie: user.cookie } });
      const { sources: list } = sources.json() as PastSalesSourcesResponse;
      expect(list.map((s) => s.channel)).toEqual(['ebay']);
      expect(now - Date.parse(list[0]!.since)).toBeGreaterThan(700 * DAY);

      const done = await importAll(user);
      const { jobs } = await import('../db/schema');
      const tx = fake.state.calls.filter((c) => c.operationId === 'getTransactions');
      const statuses = [...new Set(fake.state.calls.map((c) => `${c.operationId}:${c.status}`))];
      if (done.status !== 'done')
        expect({ error: done.error, tx: tx.length, statuses, jobs: await db().select().from(jobs) }).toBe('DEBUG');
      expect(done).toMatchObject({
        status: 'done',
        phase: 'done',
        lines: 205,
        imported: 205,
        alreadyHere: 0,
        feeOrders: 205,
        feesRead: 205,
      });
      // 205 lines through eBay's 200 a page: two pages at least (the first sales pull, queued on connecting, reads too).
      expect(fake.state.calls.filter((c) => c.operationId === 'getOrders').length).toBeGreaterThanOrEqual(2);

      const rows = await salesOf(user.id);
      expect(rows).toHaveLength(205);
      expect(rows.some((r) => r.sku === 'TOO-OLD' || r.sku === 'CANCELLED')).toBe(false);
      const first = rows.find((r) => r.externalOrderId === orders[0]!.orderId)!;
      expect(first).toMatchObject({ priceMinor: 2000, shippingChargedMinor: 500, currency: 'USD', feesMinor: 340, sku: 'PAST-0' });
      expect(rows.filter((r) => r.feesMinor === null)).toHaveLength(204);
      const [item] = await db()
        .select()
        .from(items)
        .where(and(eq(items.userId, user.id), eq(items.id, first.itemId!)));
      expect(item).toMatchObject({ sku: 'PAST-0', aiTitle: 'Past jacket 0' });

      const whatSells = await t.app.inject({ method: 'GET', url: '/api/what-sells?by=marketplace', headers: { cookie: user.cookie } });
      expect((whatSells.json() as WhatSellsResponse).groups).toEqual([expect.objectContaining({ value: 'ebay', sold: 205 })]);

      const again = await importAll(user);
      expect(again).toMatchObject({ status: 'done', lines: 205, imported: 0, alreadyHere: 205, feeOrders: 0 });
      expect(await salesOf(user.id)).toHaveLength(205);
    },
    paced(120_000),
  );

  it(
    'leaves a sale the sales pull recorded, and the pull leaves an imported one: each sale once',
    async () => {
      const user = await connectedSeller();
      const { itemId, ebaySku } = await publishedItem(user);
      fake.state.sell(ebaySku, { shipping: '5.99' });
      await setup.services.sales.pullSalesOf(user.id, 'ebay');
      const past = fake.state.addOrder(user.ebayUserId, [{ sku: 'ELSEWHERE-1', title: 'A shirt sold before' }], {
        at: Date.now() - 30 * DAY,
      });
      // Two sales under one SKU (a listing made again on eBay's site): the first item takes the SKU, the second its own.
      const first = fake.state.addOrder(user.ebayUserId, [{ sku: 'TWICE-1', title: 'Sold twice' }], { at: Date.now() - 50 * DAY });
      const sameSku = fake.state.addOrder(user.ebayUserId, [{ sku: 'TWICE-1', title: 'Same SKU, another listing' }], {
        at: Date.now() - 40 * DAY,
      });

      const done = await importAll(user);
      expect(done).toMatchObject({ status: 'done', lines: 4, imported: 3, alreadyHere: 1 });
      const rows = await salesOf(user.id);
      expect(rows).toHaveLength(4);
      expect(rows.filter((r) => r.itemId === itemId)).toHaveLength(1);
      const itemOf = async (orderId: string) =>
        (
          await db()
            .select()
            .from(items)
            .where(eq(items.id, rows.find((r) => r.externalOrderId === orderId)!.itemId!))
        )[0];
      expect(await itemOf(first.orderId)).toMatchObject({ sku: 'TWICE-1', aiTitle: 'Sold twice' });
      expect(await itemOf(sameSku.orderId)).toMatchObject({
        sku: expect.stringMatching(/^IMPORT-[0-9A-F]{10}$/),
        aiTitle: 'Same SKU, another listing',
      });

      // The next pull reads the imported order again (first pull: 90 days): still one sale, still its item.
      await db().delete(salesCursors).where(eq(salesCursors.userId, user.id));
      const pulled = await setup.services.sales.pullSalesOf(user.id, 'ebay');
      expect(pulled.newSales).toBe(0);
      const after = await salesOf(user.id);
      expect(after).toHaveLength(4);
      expect(after.find((r) => r.externalOrderId === past.orderId)?.itemId).toEqual(
        rows.find((r) => r.externalOrderId === past.orderId)?.itemId,
      );
    },
    paced(60_000),
  );

  it(
    'files each imported sale under the brand and category its title names plainly, the seller’s own brands first',
    async () => {
      const user = await connectedSeller();
      const { itemId } = await publishedItem(user);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/items/${itemId}`,
        payload: { brand: 'Coach' },
        headers: { cookie: user.cookie },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const titles = ["Men's LEVI’S 501 Original Jeans W32 L30", 'Coach leather tote bag', 'Mystery bundle of 5 items'];
      const orders = titles.map((title, n) =>
        fake.state.addOrder(user.ebayUserId, [{ sku: `TITLED-${n}`, title }], { at: Date.now() - (n + 2) * DAY }),
      );

      expect(await importAll(user)).toMatchObject({ status: 'done', imported: 3 });
      const rows = await salesOf(user.id);
      const itemOf = async (orderId: string) =>
        (
          await db()
            .select({ brand: items.brand, category: items.category })
            .from(items)
            .where(eq(items.id, rows.find((r) => r.externalOrderId === orderId)!.itemId!))
        )[0];
      expect(await itemOf(orders[0]!.orderId)).toEqual({ brand: "Levi's", category: 'Mens Jeans' });
      expect(await itemOf(orders[1]!.orderId)).toEqual({ brand: 'Coach', category: 'Accessories' });
      expect(await itemOf(orders[2]!.orderId)).toEqual({ brand: null, category: null });
      const byBrand = await t.app.inject({ method: 'GET', url: '/api/what-sells?by=brand', headers: { cookie: user.cookie } });
      expect((byBrand.json() as WhatSellsResponse).groups.map((g) => g.value)).toEqual(expect.arrayContaining(["Levi's", 'Coach']));
    },
    paced(60_000),
  );

  it(
    'waits out eBay asking it to slow down, then carries on with the fees where it stopped: nothing counted twice',
    async () => {
      const user = await connectedSeller();
      await drain(pool); // the first sales pull, queued on connecting
      const orders = [1, 2, 3].map((n) =>
        fake.state.addOrder(user.ebayUserId, [{ sku: `SLOW-${n}`, price: '30.00' }], { at: Date.now() - n * DAY }),
      );
      for (const order of orders) fake.state.setOrderFees(order.orderId, ['4.00']);
      // Past the client's three sends in place: the fourth 429 reaches the job, which waits the second eBay asks.
      fake.rateLimitNext(4, 1, 'getTransactions', user.ebayUserId);

      const done = await importAll(user);
      expect(done).toMatchObject({ status: 'done', lines: 3, imported: 3, alreadyHere: 0, feeOrders: 3, feesRead: 3, error: null });
      expect((await salesOf(user.id)).map((r) => r.feesMinor)).toEqual([400, 400, 400]);
    },
    paced(60_000),
  );

  it(
    'shows eBay’s refusal in the seller’s words, and another seller’s import is not found',
    async () => {
      const user = await connectedSeller();
      await drain(pool); // the first sales pull, queued on connecting, reads its orders first
      fake.failNext('getOrders', {
        status: 400,
        errorId: 30830,
        message: "Time range between start date and end date must be within '2' years.",
      });
      const failed = await importAll(user);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe("The import from eBay stopped: eBay: Time range between start date and end date must be within '2' years.");

      const other = await t.makeUser();
      const theirs = await t.app.inject({
        method: 'GET',
        url: `/api/what-sells/past-sales/imports/${failed.id}`,
        headers: { cookie: other.cookie },
      });
      expect(theirs.statusCode).toBe(404);
      // Not connected to eBay: no source, and starting one is refused with the reason.
      const list = await t.app.inject({ method: 'GET', url: '/api/what-sells/past-sales/imports', headers: { cookie: other.cookie } });
      expect((list.json() as PastSalesSourcesResponse).sources).toEqual([]);
      const refused = await startImport(other);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { message: 'Connect your eBay account before importing its past sales.' } });
    },
    paced(60_000),
  );
});
