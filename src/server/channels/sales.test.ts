import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { composeServices, ebaySetupFrom } from '../compose';
import { channelListings, items, jobs, sales, salesCursors } from '../db/schema';
import { connectionSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { ebayListingRow } from '../test/ebay-listings';
import { connectFakeEbayAccount, fakeEbayEnv } from '../test/fake-ebay-seller';
import { makeJpeg } from '../test/images';
import { drain, leviJeansPublishForm, silentLog, writeLeviJeansListing } from '../test/listings';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import type { Marketplace } from './marketplace';
import type { SalesService } from './sales';

/** Issue 33: pulling eBay sales into the sales table, each order line once, against the fake eBay. */
let fake: FakeEbay;
let t: TestApp;
let pool: WorkerPool;
let salesService: SalesService;
let ebayMarket: Marketplace;

beforeAll(async () => {
  fake = await startFakeEbay({ callbackUrl: 'http://localhost:3000/ebay-callback' });
  t = await createTestApp({ ...fakeEbayEnv(fake) });
  const services = composeServices({ ...t.deps, log: silentLog }, { ebay: ebaySetupFrom(t.deps.config) });
  salesService = services.sales;
  ebayMarket = services.marketplaces.ebay;
  pool = createWorkerPool({ db: t.deps.database.db, registry: services.jobs, log: silentLog, concurrency: 1 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const db = () => t.deps.database.db;

let ebayUsers = 0;
/** A signed-in seller connected to a new eBay user of the fake, ready to publish. */
async function connectedSeller(): Promise<TestUser & { ebayUserId: string }> {
  ebayUsers += 1;
  const ebayUserId = `salestest${ebayUsers}immutable`;
  fake.state.sellers.push({ userId: ebayUserId, username: `sales_seller_${ebayUsers}` });
  const user = await t.makeUser();
  await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId, readyToPublish: true });
  return { ...user, ebayUserId };
}

/** An item published to the fake through the route and the job: its id and the SKU it wrote on eBay. */
async function publishedItem(user: TestUser) {
  const { item } = await createItemWithPhotos(t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }]);
  await writeLeviJeansListing(db(), item.id);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/items/${item.id}/publish`,
    payload: leviJeansPublishForm,
    headers: { cookie: user.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(202);
  await drain(pool);
  const listing = await ebayListingRow(db(), item.id);
  expect(listing).toMatchObject({ publishStatus: 'published' });
  return { itemId: item.id, ebaySku: listing!.ebaySku! };
}

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
    const order = fake.state.sell(ebaySku, { shipping: '5.99' });

    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ lines: 1, sold: [itemId], takenBack: [] });
    const [sale, ...more] = await salesOf(user.id);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({
      itemId,
      channel: 'ebay',
      externalOrderId: order.orderId,
      externalLineId: order.lines[0]!.lineItemId,
      sku: ebaySku,
      quantity: 1,
      price: 30,
      shippingCharged: 5.99,
      currency: 'USD',
      cancelledAt: null,
      fees: null,
    });
    expect(sale!.soldAt.getTime()).toBe(order.createdAt);
    const listing = await listingStatus(itemId);
    expect(listing).toMatchObject({ status: 'sold' });
    expect(listing!.endedAt!.getTime()).toBe(order.createdAt);
    expect((await itemUpdatedAt(itemId)).getTime()).toBeGreaterThan(before.getTime());

    // The second pull asks again from before the first one (the overlap) and sees the order again.
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toEqual({ lines: 1, sold: [], takenBack: [] });
    expect(await salesOf(user.id)).toEqual([sale]);
    // An order changed again later (shipped) comes back in a later pull: still one sale.
    order.fulfillmentStatus = 'FULFILLED';
    order.lastModifiedAt = Date.now();
    await salesService.pullSalesOf(user.id, 'ebay');
    expect(await salesOf(user.id)).toHaveLength(1);
    expect(fake.state.calls.filter((c) => c.operationId === 'getOrders')).toHaveLength(3);
  });

  it('records one row per order line when two pulls run at once, the unmatched line without an item', async () => {
    const user = await connectedSeller();
    const { itemId, ebaySku } = await publishedItem(user);
    const order = fake.state.sell(ebaySku);
    const ebayUserId = order.sellerUserId;
    const second = fake.state.addOrder(ebayUserId, [
      { sku: 'MADE-ON-EBAY', price: '12.00' },
      { sku: 'ALSO-ELSEWHERE', quantity: 2, price: '8.00' },
    ]);

    const pulls = await Promise.all([salesService.pullSalesOf(user.id, 'ebay'), salesService.pullSalesOf(user.id, 'ebay')]);
    expect(pulls.map((p) => p.lines)).toEqual([3, 3]);
    expect(pulls.flatMap((p) => p.sold)).toEqual([itemId]);
    const rows = await salesOf(user.id);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => `${r.externalOrderId}/${r.externalLineId}`).sort()).toEqual(
      [
        ...order.lines.map((l) => `${order.orderId}/${l.lineItemId}`),
        ...second.lines.map((l) => `${second.orderId}/${l.lineItemId}`),
      ].sort(),
    );
    expect(
      rows
        .filter((r) => r.itemId === null)
        .map((r) => r.sku)
        .sort(),
    ).toEqual(['ALSO-ELSEWHERE', 'MADE-ON-EBAY']);
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
    fake.state.sell(ebaySku, { sellerUserId: seller.ebayUserId });

    expect(await salesService.pullSalesOf(other.id, 'ebay')).toEqual({ lines: 0, sold: [], takenBack: [] });
    expect(await salesOf(other.id)).toEqual([]);
    expect(await listingStatus(itemId)).toMatchObject({ status: 'live' });
    await salesService.pullSalesOf(seller.id, 'ebay');
    expect(await salesOf(seller.id)).toHaveLength(1);
    expect(await listingStatus(itemId)).toMatchObject({ status: 'sold' });
    expect(await salesOf(other.id)).toEqual([]);
    expect(await listingStatus(theirs.itemId)).toMatchObject({ status: 'live' });
    // Even handed the seller's SKU, the other seller's lookup answers only their own item.
    expect([...(await ebayMarket.itemsOfSkus(other.id, [ebaySku])).values()]).not.toContain(itemId);
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
    await salesService.pullSalesOf(user.id, 'ebay');
    // An order last changed an hour before that pull: older than the overlap, so the cursor alone would miss it.
    fake.state.addOrder(user.ebayUserId, [{ sku: 'EARLIER' }], { at: Date.now() - 3_600_000 });
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ lines: 0 });
    await connectFakeEbayAccount(t.app, user.cookie, { ebayUserId: user.ebayUserId });
    expect(await salesService.pullSalesOf(user.id, 'ebay')).toMatchObject({ lines: 1 });
    expect((await salesOf(user.id)).map((s) => s.sku)).toEqual(['EARLIER']);
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
