import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import type { FakeEbay } from '../../../fakes/ebay/ebay-server';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { type Services } from '../compose';
import { items, jobs, sales } from '../db/schema';
import { connectionSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { type WorkerPool } from '../jobs/worker-pool';
import { drain } from '../test/listings';
import { type TestApp } from '../test/test-app';
import { lineFeesOf } from '../channels/ebay/sales/order-fees';
import { storeLineFees } from './fees-repo';

/** US dollars, in cents. */
const usd = (cents: number) => money(cents, 'USD');

/** eBay's fees of each sale from the Finances API, pending until eBay has them, against the fake eBay. */
const setup = useFakeEbaySales('fees');
const { connectedSeller, publishedItem } = setup;
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;
let services: Services;
beforeAll(() => {
  ({ fake, t, pool, services } = setup);
});

const db = () => t.deps.database.db;

const feesOf = async (userId: string) =>
  (await db().select().from(sales).where(eq(sales.userId, userId)).orderBy(sales.priceMinor)).map((s) => [
    s.priceMinor / 100,
    s.feesMinor === null ? null : s.feesMinor / 100,
  ]);

/** The pull-sales job, as the schedule and "Check for sales" queue it: the sales, then their fees. */
async function runPullJob(userId: string) {
  expect(await enqueue(db(), 'pull-sales', { userId, subject: connectionSubject('ebay'), runAfterMs: Date.now() - 1000 })).toBe(true);
  await drain(pool);
  const [left] = await db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'pull-sales'), eq(jobs.userId, userId)));
  expect(left).toBeUndefined();
}

describe('fees from the Finances API', () => {
  it('stay pending until eBay has them, then are stored per line; a cancelled sale is not asked about', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user);
    const [twelve, eights, gone] = [await publishedItem(user), await publishedItem(user, 2), await publishedItem(user)];
    const order = fake.state.sell(ebaySku, { price: '30.00', shipping: '5.99' });
    const other = fake.state.addOrder(user.ebayUserId, [
      { sku: twelve.ebaySku, price: '12.00' },
      { sku: eights.ebaySku, quantity: 2, price: '8.00' },
    ]);
    const cancelled = fake.state.addOrder(user.ebayUserId, [{ sku: gone.ebaySku, price: '99.00' }]);
    fake.state.cancelOrder(cancelled.orderId);

    await runPullJob(user.id);
    expect(await feesOf(user.id)).toEqual([
      [8, null],
      [12, null],
      [30, null],
      [99, null],
    ]);
    const asked = () => fake.state.calls.filter((c) => c.operationId === 'getTransactions').length;
    expect(asked()).toBe(2);
    const item = await t.app.inject({ method: 'GET', url: `/api/items/${itemId}/profit`, headers: { cookie: user.cookie } });
    expect(item.json().sales).toMatchObject([{ fees: null, profit: null }]);

    // eBay charges the fees later: the next pull stores them, each line its own.
    const before = (await db().select().from(items).where(eq(items.id, itemId)))[0]!.updatedAt;
    fake.state.setOrderFees(order.orderId);
    fake.state.setOrderFees(other.orderId, ['1.89', '2.42']);
    await runPullJob(user.id);
    expect(await feesOf(user.id)).toEqual([
      [8, 2.42],
      [12, 1.89],
      [30, 5.07], // 13.25% of 35.99 + 0.30
      [99, null],
    ]);
    // The item's row changed with its fees, so open tabs hear of it.
    expect((await db().select().from(items).where(eq(items.id, itemId)))[0]!.updatedAt.getTime()).toBeGreaterThan(before.getTime());

    // Nothing pending is asked about again.
    const calls = asked();
    await services.fees.pullFeesOf(user.id, 'ebay');
    expect(asked()).toBe(calls);
  });

  it('a connection without the Finances scope gets eBay’s 403: the fees stay pending and the pull completes', async () => {
    const user = await connectedSeller();
    const { ebaySku } = await publishedItem(user);
    const order = fake.state.sell(ebaySku);
    fake.state.setOrderFees(order.orderId);
    fake.failNext('getTransactions', { status: 403, errorId: 1100, message: 'Access denied' }, 1);

    await runPullJob(user.id);
    expect(await feesOf(user.id)).toEqual([[30, null]]);
    expect(fake.state.calls.filter((c) => c.operationId === 'getTransactions').map((c) => c.status)).toEqual([403]);

    await runPullJob(user.id);
    expect(await feesOf(user.id)).toEqual([[30, 4.28]]); // 13.25% of 30 + 0.30
  });

  it('"Check for sales" reads the fees too', async () => {
    const user = await connectedSeller();
    const { ebaySku } = await publishedItem(user);
    const order = fake.state.sell(ebaySku);
    const check = () => t.app.inject({ method: 'POST', url: '/api/channels/ebay/sales/check', headers: { cookie: user.cookie } });
    expect((await check()).json()).toMatchObject({ newSales: 1 });
    expect(await feesOf(user.id)).toEqual([[30, null]]);
    fake.state.setOrderFees(order.orderId, ['4.10']);
    expect((await check()).statusCode).toBe(200);
    expect(await feesOf(user.id)).toEqual([[30, 4.1]]);
  });

  it('eBay being busy is waited out: the fees are stored all the same', async () => {
    const user = await connectedSeller();
    const { ebaySku } = await publishedItem(user);
    const order = fake.state.sell(ebaySku);
    fake.state.setOrderFees(order.orderId, ['3.33']);
    fake.rateLimitNext(1, 1, 'getTransactions');
    await runPullJob(user.id);
    expect(await feesOf(user.id)).toEqual([[30, 3.33]]);
    expect(fake.state.calls.filter((c) => c.operationId === 'getTransactions').map((c) => c.status)).toEqual([429, 200]);
  });
});

describe('storeLineFees', () => {
  it('stores an order’s total only on an order of one line, and only the seller’s own', async () => {
    const user = await t.makeUser();
    const other = await t.makeUser();
    const line = (userId: string, order: string, lineId: string) => ({
      userId,
      channel: 'ebay' as const,
      externalOrderId: order,
      externalLineId: lineId,
      priceMinor: 1000,
      currency: 'USD',
      soldAt: new Date(),
    });
    await db()
      .insert(sales)
      .values([line(user.id, 'ONE', '1'), line(user.id, 'TWO', '1'), line(user.id, 'TWO', '2'), line(other.id, 'ONE', '1')]);
    expect(await storeLineFees(db(), user.id, 'ebay', { orderId: 'ONE', lineId: null, fees: usd(150) })).toBe(true);
    expect(await storeLineFees(db(), user.id, 'ebay', { orderId: 'TWO', lineId: null, fees: usd(300) })).toBe(false);
    expect(await storeLineFees(db(), user.id, 'ebay', { orderId: 'TWO', lineId: '2', fees: usd(99) })).toBe(true);
    // The same fees again change nothing.
    expect(await storeLineFees(db(), user.id, 'ebay', { orderId: 'TWO', lineId: '2', fees: usd(99) })).toBe(false);
    const rows = await db().select().from(sales).where(eq(sales.userId, user.id)).orderBy(sales.externalOrderId, sales.externalLineId);
    expect(rows.map((r) => [r.externalOrderId, r.externalLineId, r.feesMinor])).toEqual([
      ['ONE', '1', 150],
      ['TWO', '1', null],
      ['TWO', '2', 99],
    ]);
    expect((await db().select().from(sales).where(eq(sales.userId, other.id)))[0]!.feesMinor).toBeNull();
  });

  it('stores fees only in the sale’s currency: a pound sale’s fees in dollars stay pending', async () => {
    const user = await t.makeUser();
    await db().insert(sales).values({
      userId: user.id,
      channel: 'ebay',
      externalOrderId: 'GB-1',
      externalLineId: '1',
      priceMinor: 1800,
      currency: 'GBP',
      soldAt: new Date(),
    });
    expect(await storeLineFees(db(), user.id, 'ebay', { orderId: 'GB-1', lineId: '1', fees: usd(245) })).toBe(false);
    expect((await db().select().from(sales).where(eq(sales.userId, user.id)))[0]!.feesMinor).toBeNull();
    expect(await storeLineFees(db(), user.id, 'ebay', { orderId: 'GB-1', lineId: '1', fees: money(245, 'GBP') })).toBe(true);
    expect((await db().select().from(sales).where(eq(sales.userId, user.id)))[0]!.feesMinor).toBe(245);
  });
});

describe('lineFeesOf', () => {
  it('sums each line’s marketplace fees of the SALE transactions, and takes the total when eBay names no line', () => {
    const fee = (value: string) => ({ amount: { value, currency: 'USD' } });
    expect(
      lineFeesOf('1-2', [
        { transactionType: 'SALE', orderId: '1-2', orderLineItems: [{ lineItemId: 'a', marketplaceFees: [fee('1.10'), fee('0.30')] }] },
        { transactionType: 'SHIPPING_LABEL', orderId: '1-2', totalFeeAmount: { value: '9.00' } },
        { transactionType: 'SALE', orderId: '1-2', orderLineItems: [{ lineItemId: 'b', marketplaceFees: [fee('2.05')] }] },
      ]),
    ).toEqual([
      { orderId: '1-2', lineId: 'a', fees: usd(140) },
      { orderId: '1-2', lineId: 'b', fees: usd(205) },
    ]);
    expect(lineFeesOf('1-2', [{ transactionType: 'SALE', totalFeeAmount: { value: '4.00', currency: 'USD' } }])).toEqual([
      { orderId: '1-2', lineId: null, fees: usd(400) },
    ]);
    expect(lineFeesOf('1-2', [])).toEqual([]);
  });

  it('keeps each line’s fees in their currency, and leaves out a line whose fees come in two', () => {
    const fee = (value: string, currency: string) => ({ amount: { value, currency } });
    expect(
      lineFeesOf('7-8', [
        {
          transactionType: 'SALE',
          orderId: '7-8',
          amount: { value: '18.00', currency: 'GBP' },
          orderLineItems: [
            { lineItemId: 'a', marketplaceFees: [fee('2.30', 'GBP'), fee('0.30', 'GBP')] },
            { lineItemId: 'b', marketplaceFees: [fee('2.30', 'GBP'), fee('0.40', 'USD')] },
            { lineItemId: 'c', marketplaceFees: [] },
          ],
        },
      ]),
    ).toEqual([
      { orderId: '7-8', lineId: 'a', fees: money(260, 'GBP') },
      { orderId: '7-8', lineId: 'c', fees: money(0, 'GBP') },
    ]);
  });
});
