import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeEbay } from '../../../fakes/ebay/ebay-server';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { ebayPublishMessages } from '@shared/contracts/ebay-publish';
import { ebaySalesMessages } from '@shared/domain/ebay-sales';
import { ebayUserScopesBeforeSales } from '../channels/ebay/api/ebay-oauth';
import { channelAccounts, channelListings, items, jobs, sales, salesCursors } from '../db/schema';
import { connectionSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { type WorkerPool } from '../jobs/worker-pool';
import { connectFakeEbayAccount } from '../test/fake-ebay-seller';
import { drain, leviJeansPublishForm, silentLog } from '../test/listings';
import { type TestApp, type TestUser } from '../test/test-app';
import type { Marketplace, Marketplaces } from '../channels/marketplace';
import { createSalesService, type SalesService } from './sales';

/** Pulling eBay sales into the sales table, each order line once, against the fake eBay. */
const setup = useFakeEbaySales('sales');
const { connectedSeller, publishedItem } = setup;
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;
let salesService: SalesService;
let ebayMarket: Marketplace;
beforeAll(() => {
  ({ fake, t, pool } = setup);
  salesService = setup.services.sales;
  ebayMarket = setup.services.marketplaces.ebay;
});

const db = () => t.deps.database.db;

const salesOf = (userId: string) => db().select().from(sales).where(eq(sales.userId, userId)).orderBy(sales.externalLineId);
const listingStatus = async (itemId: string) =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'ebay')))
  )[0];
const itemUpdatedAt = async (itemId: string) =>
  (await db().select({ updatedAt: items.updatedAt }).from(items).where(eq(items.id, itemId)))[0]!.updatedAt;

describe('pulling eBay sales', () => {
  it('records a sale once, marks the listing sold, and counts nothing twice on a repeated or overlapping pull', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user);
    const before = await itemUpdatedAt(itemId);
    // Connecting queued a first pull, run while publishing: the calls counted below are this test's own.
    const ordersAsked = () => fake.state.calls.filter((c) => c.operationId === 'getOrders').length;
    const askedBefore = ordersAsked();
    const order = fake.state.sell(ebaySku, { shipping: '5.99' });

    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ lines: 1, newSales: 1, sold: [itemId], takenBack: [] });
    const [sale, ...more] = await salesOf(user.id);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({
      itemId,
      channel: 'ebay',
      externalOrderId: order.orderId,
      externalLineId: order.lines[0]!.lineItemId,
      sku: ebaySku,
      quantity: 1,
      priceMinor: 3000,
      shippingChargedMinor: 599,
      currency: 'USD',
      cancelledAt: null,
      feesMinor: null,
    });
    expect(sale!.soldAt.getTime()).toBe(order.createdAt);
    const listing = await listingStatus(itemId);
    expect(listing).toMatchObject({ status: 'sold' });
    expect(listing!.endedAt!.getTime()).toBe(order.createdAt);
    expect((await itemUpdatedAt(itemId)).getTime()).toBeGreaterThan(before.getTime());

    // The second pull asks again from before the first one (the overlap) and sees the order again.
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toEqual({ lines: 1, newSales: 0, sold: [], takenBack: [] });
    expect(await salesOf(user.id)).toEqual([sale]);
    // An order changed again later (shipped) comes back in a later pull: still one sale.
    order.fulfillmentStatus = 'FULFILLED';
    order.lastModifiedAt = Date.now();
    await salesService.pullSalesOf(user.id, 'ebay');
    expect(await salesOf(user.id)).toHaveLength(1);
    expect(ordersAsked() - askedBefore).toBe(3);
  });

  it('records one row per order line when two pulls run at once; a line of a listing made outside the app is not recorded', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user);
    const two = await publishedItem(user);
    const three = await publishedItem(user);
    const order = fake.state.sell(ebaySku);
    const ebayUserId = order.sellerUserId;
    const second = fake.state.addOrder(ebayUserId, [
      { sku: two.ebaySku, price: '12.00' },
      { sku: 'MADE-ON-EBAY', price: '12.00' },
      { sku: three.ebaySku, quantity: 2, price: '8.00' },
    ]);

    const pulls = await Promise.all([salesService.pullSalesOf(user.id, 'ebay'), salesService.pullSalesOf(user.id, 'ebay')]);
    expect(pulls.map((p) => p.lines)).toEqual([3, 3]);
    // Each line is new to exactly one of the two pulls.
    expect(pulls[0]!.newSales + pulls[1]!.newSales).toBe(3);
    expect(pulls.flatMap((p) => p.sold).sort()).toEqual([itemId, two.itemId, three.itemId].sort());
    const rows = await salesOf(user.id);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => `${r.externalOrderId}/${r.externalLineId}`).sort()).toEqual(
      [
        ...order.lines.map((l) => `${order.orderId}/${l.lineItemId}`),
        ...second.lines.filter((l) => l.sku !== 'MADE-ON-EBAY').map((l) => `${second.orderId}/${l.lineItemId}`),
      ].sort(),
    );
    expect(rows.every((r) => r.itemId !== null)).toBe(true);
  });

  it('a cancelled line is no sale; a sale cancelled after a pull is taken back', async () => {
    const user = await connectedSeller();
    const cancelledFirst = await publishedItem(user);
    const cancelledLater = await publishedItem(user);
    const early = fake.state.sell(cancelledFirst.ebaySku);
    fake.state.cancelOrder(early.orderId);
    const late = fake.state.sell(cancelledLater.ebaySku);

    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ lines: 2, sold: [cancelledLater.itemId], takenBack: [] });
    expect(await listingStatus(cancelledFirst.itemId)).toMatchObject({ status: 'live' });
    expect((await salesOf(user.id)).find((s) => s.itemId === cancelledFirst.itemId)!.cancelledAt).not.toBeNull();
    expect(await listingStatus(cancelledLater.itemId)).toMatchObject({ status: 'sold' });

    fake.state.cancelOrder(late.orderId);
    const before = await itemUpdatedAt(cancelledLater.itemId);
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ sold: [], takenBack: [cancelledLater.itemId] });
    expect(await listingStatus(cancelledLater.itemId)).toMatchObject({ status: 'ended' });
    expect((await itemUpdatedAt(cancelledLater.itemId)).getTime()).toBeGreaterThan(before.getTime());
    const rows = await salesOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.cancelledAt !== null)).toBe(true);
    // Pulled again, nothing changes.
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ sold: [], takenBack: [] });
  });

  it('another seller’s pull never sees this seller’s sales', async () => {
    const seller = await connectedSeller();
    const other = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(seller);
    // The other seller's item may well carry the same SKU (each seller's SKUs are their own).
    const theirs = await publishedItem(other);
    const order = fake.state.sell(ebaySku, { sellerUserId: seller.ebayUserId });

    expect(await salesService.pullSalesOf(other.id, 'ebay')).toEqual({ lines: 0, newSales: 0, sold: [], takenBack: [] });
    expect(await salesOf(other.id)).toEqual([]);
    expect(await listingStatus(itemId)).toMatchObject({ status: 'live' });
    await salesService.pullSalesOf(seller.id, 'ebay');
    expect(await salesOf(seller.id)).toHaveLength(1);
    expect(await listingStatus(itemId)).toMatchObject({ status: 'sold' });
    expect(await salesOf(other.id)).toEqual([]);
    expect(await listingStatus(theirs.itemId)).toMatchObject({ status: 'live' });
    // Even handed the seller's listing id, the other seller's lookup answers nothing.
    expect([...(await ebayMarket.itemsOfListings(other.id, [order.lines[0]!.legacyItemId])).values()]).toEqual([]);
  });

  it('refreshes a token eBay refuses mid-pull, asking for the scopes granted (fulfillment among them)', async () => {
    const user = await connectedSeller();
    const { ebaySku } = await publishedItem(user);
    fake.state.sell(ebaySku);
    fake.expireAccessTokens();
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ lines: 1 });
    expect(fake.snapshot().refreshCount).toBe(1);
    expect(await salesOf(user.id)).toHaveLength(1);
  });

  it('refuses a seller with no eBay account and moves no cursor', async () => {
    const user = await t.makeUser();
    await expect(salesService.pullSalesOf(user.id, 'ebay')).rejects.toMatchObject({ message: 'eBay account not connected' });
    expect(await db().select().from(salesCursors).where(eq(salesCursors.userId, user.id))).toEqual([]);
  });

  it('pulls from the first-pull horizon again after a new connection (it may be another eBay account)', async () => {
    const user = await connectedSeller();
    const { ebaySku } = await publishedItem(user);
    await salesService.pullSalesOf(user.id, 'ebay');
    // An order last changed an hour before that pull: older than the overlap, so the cursor alone would miss it.
    fake.state.addOrder(user.ebayUserId, [{ sku: ebaySku }], { at: Date.now() - 3_600_000 });
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ lines: 0 });
    await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId: user.ebayUserId });
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ lines: 1 });
    expect((await salesOf(user.id)).map((s) => s.sku)).toEqual([ebaySku]);
  });
});

/** A pull-sales job due already (now() on the database server may be a hair ahead of this process's clock). */
const enqueuePull = (userId: string) =>
  enqueue(db(), 'pull-sales', { userId, subject: connectionSubject('ebay'), runAfterMs: Date.now() - 1000 });

describe('the pull-sales job', () => {
  it('pulls the seller’s sales on the channel, and has nothing to do for a seller with no connection', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user);
    fake.state.sell(ebaySku);
    const nobody = await t.makeUser();
    for (const who of [user, nobody]) {
      expect(await enqueuePull(who.id)).toBe(true);
    }
    await drain(pool);
    expect(await salesOf(user.id)).toHaveLength(1);
    expect(await listingStatus(itemId)).toMatchObject({ status: 'sold' });
    expect(await db().select().from(jobs).where(eq(jobs.kind, 'pull-sales'))).toEqual([]);
  });

  it('waits out eBay being busy and pulls again', async () => {
    const user = await connectedSeller();
    const { ebaySku } = await publishedItem(user);
    fake.state.sell(ebaySku);
    fake.failNext('getOrders', { status: 500, errorId: 25001, message: 'A system error has occurred.' });
    await enqueuePull(user.id);
    await drain(pool);
    const [waiting] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'pull-sales'), eq(jobs.userId, user.id)));
    expect(waiting).toMatchObject({ status: 'pending', lastError: expect.stringContaining('eBay is busy') });
    await db()
      .update(jobs)
      .set({ runAfter: new Date(0) })
      .where(eq(jobs.id, waiting!.id));
    await drain(pool);
    expect(await salesOf(user.id)).toHaveLength(1);
  });
});

const check = (user: TestUser, channel = 'ebay') =>
  t.app.inject({ method: 'POST', url: `/api/channels/${channel}/sales/check`, headers: { cookie: user.cookie } });
const itemView = async (user: TestUser, itemId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/items/${itemId}`, headers: { cookie: user.cookie } })).json();
const listed = async (user: TestUser, query: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/items?${query}`, headers: { cookie: user.cookie } })).json().items as {
    id: string;
  }[];

describe('after the sale', () => {
  it('“Check for sales” pulls now: new sales counted once, the item Sold with price, date and channel in its view and under the Sold filter', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user);
    const order = fake.state.sell(ebaySku, { price: '42.50', shipping: '6.00' });

    const first = await check(user);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ newSales: 1, soldItemIds: [itemId], takenBackItemIds: [] });
    expect((await check(user)).json()).toMatchObject({ newSales: 0, soldItemIds: [] });

    const view = await itemView(user, itemId);
    expect(ebayPublishStateOf(view)).toMatchObject({ status: 'sold' });
    expect(view.sale).toEqual({
      channel: 'ebay',
      channels: ['ebay'],
      price: money(4250),
      shipping: money(600),
      soldAt: new Date(order.createdAt).toISOString(),
      quantity: 1,
    });
    const soldList = await listed(user, 'view=batches&status=sold');
    expect(soldList.map((i) => i.id)).toEqual([itemId]);
    expect((soldList[0] as unknown as { sale: unknown }).sale).toEqual(view.sale);
    expect((await listed(user, 'view=batches&status=published')).map((i) => i.id)).not.toContain(itemId);
    // Search finds it with its sale.
    const found = await listed(user, `view=batches&q=${encodeURIComponent(view.sku)}`);
    expect(found.map((i) => i.id)).toEqual([itemId]);
  });

  it('another seller’s check sees nothing of it, and an unconnected seller is told to connect', async () => {
    const seller = await connectedSeller();
    const { ebaySku } = await publishedItem(seller);
    fake.state.sell(ebaySku);
    const stranger = await t.makeUser();
    const answer = await check(stranger);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe('eBay account not connected');
    expect(await salesOf(stranger.id)).toEqual([]);
    expect((await check(seller, 'amazon')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/channels/ebay/sales/check' })).statusCode).toBe(401);
  });

  it('says eBay is busy in words when the check cannot be answered', async () => {
    const user = await connectedSeller();
    fake.failNext('getOrders', { status: 500, errorId: 25001, message: 'A system error has occurred.' });
    const answer = await check(user);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.message).toMatch(/^eBay is busy\. Try again in/);
  });

  it('a listing of 3 stays live after 1 sells and is sold out when the other 2 sell; a cancelled unit puts it back', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user, 3);
    fake.state.sell(ebaySku, { quantity: 1 });
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ newSales: 1, sold: [] });
    expect(await listingStatus(itemId)).toMatchObject({ status: 'live' });
    expect((await itemView(user, itemId)).sale).toMatchObject({ quantity: 1 });

    const rest = fake.state.sell(ebaySku, { quantity: 2 });
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ newSales: 1, sold: [itemId] });
    expect(await listingStatus(itemId)).toMatchObject({ status: 'sold' });
    expect((await itemView(user, itemId)).sale).toMatchObject({ quantity: 3 });

    fake.state.cancelOrder(rest.orderId);
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ takenBack: [itemId] });
    expect((await itemView(user, itemId)).sale).toMatchObject({ quantity: 1 });
  });

  it('a connection made before sales were read is told to reconnect, and the schedule leaves it alone', async () => {
    const user = await connectedSeller();
    await db()
      .update(channelAccounts)
      .set({ scopes: ebayUserScopesBeforeSales.join(' ') })
      .where(and(eq(channelAccounts.userId, user.id), eq(channelAccounts.channel, 'ebay')));
    const answer = await check(user);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(ebaySalesMessages.reconnect);
    const connection = await t.app.inject({ method: 'GET', url: '/api/ebay/connection', headers: { cookie: user.cookie } });
    expect(connection.json().connection).toMatchObject({ salesAccess: false });
    expect(await ebayMarket.sellersWithSales()).not.toContain(user.id);
    expect(fake.state.calls.filter((c) => c.operationId === 'getOrders')).toEqual([]);
  });

  it('the schedule queues one pull per due seller, however many servers look at once, and none for one pulled lately', async () => {
    await drain(pool);
    const due = await connectedSeller();
    const fresh = await connectedSeller();
    await drain(pool); // the pulls queued on connecting
    await db().delete(salesCursors).where(eq(salesCursors.userId, due.id));
    const queued = await Promise.all([salesService.queueDuePulls(300_000), salesService.queueDuePulls(300_000)]);
    const pulls = await db()
      .select({ userId: jobs.userId })
      .from(jobs)
      .where(and(eq(jobs.kind, 'pull-sales'), inArray(jobs.userId, [due.id, fresh.id])));
    expect(pulls).toEqual([{ userId: due.id }]);
    expect(queued[0]! + queued[1]!).toBeGreaterThanOrEqual(1);
    await drain(pool);
  });

  it('connecting queues the first pull of the seller’s sales', async () => {
    const user = await connectedSeller();
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'pull-sales'), eq(jobs.userId, user.id)));
    expect(job).toMatchObject({ subjectType: 'connection', status: 'pending' });
    await drain(pool);
    expect(await db().select().from(salesCursors).where(eq(salesCursors.userId, user.id))).toHaveLength(1);
  });

  it('a sold-out item’s live listing on another channel ends through that channel, again after a failed try', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user);
    await db()
      .insert(channelListings)
      .values({ userId: user.id, itemId, channel: 'etsy' as 'ebay', status: 'live', externalId: '4001', quantity: 1, data: {} });
    const endCalls: string[][] = [];
    let failNextEnd = true;
    const etsy = {
      ...ebayMarket,
      channel: 'etsy',
      name: 'Etsy',
      async end(_userId: string, itemIds: string[]) {
        endCalls.push(itemIds);
        if (failNextEnd) {
          failNextEnd = false;
          throw new Error('Etsy is down');
        }
        await db()
          .update(channelListings)
          .set({ status: 'ended' })
          .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'etsy' as 'ebay')));
        return { ended: itemIds, refused: [] };
      },
    } as unknown as Marketplace;
    const withEtsy = createSalesService({
      db: db(),
      marketplaces: { ebay: ebayMarket, etsy } as unknown as Marketplaces,
      clock: { now: () => Date.now() },
      log: silentLog,
    });
    fake.state.sell(ebaySku);
    await withEtsy.pullSalesOf(user.id, 'ebay');
    expect(endCalls).toEqual([[itemId]]);
    await withEtsy.pullSalesOf(user.id, 'ebay');
    expect(endCalls).toEqual([[itemId], [itemId]]);
    const etsyRow = await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'etsy' as 'ebay')));
    expect(etsyRow[0]).toMatchObject({ status: 'ended' });
    await withEtsy.pullSalesOf(user.id, 'ebay');
    expect(endCalls).toHaveLength(2);
  });
});

describe('a sold item', () => {
  it('is not published again, alone or in bulk', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user);
    fake.state.sell(ebaySku);
    await salesService.pullSalesOf(user.id, 'ebay');
    const alone = await t.app.inject({
      method: 'POST',
      url: `/api/items/${itemId}/publish`,
      payload: leviJeansPublishForm,
      headers: { cookie: user.cookie },
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.message).toBe(ebayPublishMessages.sold);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/ebay/publish',
      payload: { itemIds: [itemId] },
      headers: { cookie: user.cookie },
    });
    expect(bulk.json()).toMatchObject({ queued: [], refused: [{ itemId, message: ebayPublishMessages.sold }] });
    expect(await listingStatus(itemId)).toMatchObject({ status: 'sold' });
  });
});

describe('a listing with units sold', () => {
  const change = async (user: TestUser, itemId: string, what: 'revise' | 'end' | 'relist') => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/items/${itemId}/listings/ebay/${what}`,
      headers: { cookie: user.cookie },
    });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    await drain(pool);
  };
  const offered = (ebaySku: string) => [...fake.state.offers.values()].find((offer) => offer.sku === ebaySku)!.details.availableQuantity;

  it('offers only what is left when revised or relisted: a unit sold is never offered again', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user, 3);
    fake.state.sell(ebaySku, { quantity: 1 });
    await salesService.pullSalesOf(user.id, 'ebay');
    expect(offered(ebaySku)).toBe(2);

    await change(user, itemId, 'revise');
    expect(offered(ebaySku)).toBe(2);
    await change(user, itemId, 'end');
    await change(user, itemId, 'relist');
    expect(await listingStatus(itemId)).toMatchObject({ status: 'live', quantity: 3 });
    expect(offered(ebaySku)).toBe(2);
  });
});
