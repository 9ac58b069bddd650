import { paced } from '@shared/testing/pace';
/**
 * One sale path for every API marketplace of the registry, whichever way the marketplace tells the sale (decision
 * 166): pulled ("Check for sales") or pushed (eBay's ORDER_CONFIRMATION with the order id alone, Shopify's
 * orders/create, Depop's v1:order.new). The item is live on eBay, Etsy, Shopify and Depop; it sells on one of them.
 * Either way the sale is counted once, the ends it owes are stored (one end-sold-elsewhere job) before any end goes
 * out, each other marketplace's listing is ended once, by that job, and is ended on the marketplace itself (read back
 * from each fake). A pull answers with the others already ended; a push is answered with the ends stored, and the
 * workers end them. A fifth marketplace is asked (by the compiler) how its sales are made and read back here.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depopPaths } from '@shared/contracts/depop';
import { salesPathOf } from '@shared/contracts/sales';
import { shopifyPaths } from '@shared/contracts/shopify';
import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import { registeredChannels } from '../channels/registry';
import { channelListings, sales } from '../db/schema';
import { itemSubject } from '../jobs/job-subject';
import { activeJobOf } from '../jobs/queue';
import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool';
import { connectedSeller, crosslistedItems, type ListedItem, type RunningApp, type Seller } from '../test/crosslisted-items';
import { startFourMarketplaces, type FourMarketplaces } from '../test/four-marketplaces';
import { drain, silentLog } from '../test/listings';

const PUBLIC_URL = 'https://resale.example';
type Way = 'pulled' | 'pushed';

let four: FourMarketplaces;
let running: RunningApp;
let seller: Seller;
let pool: WorkerPool;
const items = new Map<string, ListedItem>();
/** Every end a marketplace was asked for, and whether the item's end job was stored (and running) at that moment. */
const endsAsked: { channel: ApiChannel; itemId: string; owed: 'pending' | 'running' | null }[] = [];

const db = () => running.deps.database.db;
const fakes = () => four.fakes;

beforeAll(async () => {
  four = await startFourMarketplaces('one-sale-path', {
    publicUrl: PUBLIC_URL,
    workers: 0,
    env: { EBAY_VERIFICATION_TOKEN: 'one_sale_path_verification-0123456789abcdef' },
  });
  running = four.running;
  // The https PUBLIC_URL's TLS proxy: eBay's challenge and pushes, and Depop's webhooks, reach the app's own port.
  fakes().ebay.state.notifications.forwards.set(PUBLIC_URL, running.url);
  fakes().ebay.state.notifications.documentedFieldsOnly = true;
  fakes().depop.configure({ webhookUrl: `${running.url}${depopPaths.webhooks}` });
  // The workers run while the seller connects (eBay and Shopify subscribe them) and the items go live, then stop:
  // from then on the test runs the jobs, so what a sale left waiting can be seen.
  const setupPool = createWorkerPool({ db: db(), registry: running.deps.services.jobs, log: silentLog, concurrency: 2, pollMs: 50 });
  await setupPool.start();
  seller = await connectedSeller(running, fakes());
  const subscribed = () =>
    [...fakes().ebay.state.notifications.subscriptions.values()].some((s) => s.userId === seller.ebayUserId && s.status === 'ENABLED') &&
    fakes()
      .shopify.shop(seller.shop!)
      .webhooks.some((w) => w.topic === 'ORDERS_CREATE');
  for (const started = Date.now(); !subscribed(); await new Promise((resolve) => setTimeout(resolve, 100)))
    if (Date.now() - started > 60_000) throw new Error('the seller was not subscribed to eBay’s and Shopify’s pushes within 60 s');
  for (const webhook of fakes().shopify.shop(seller.shop!).webhooks) webhook.uri = `${running.url}${shopifyPaths.webhooks}`;
  const listed = await crosslistedItems(running, seller, cases.length, [...apiChannels]);
  cases.forEach(([channel, way], i) => items.set(`${channel}/${way}`, listed[i]!));
  await setupPool.stop();
  pool = createWorkerPool({ db: db(), registry: running.deps.services.jobs, log: silentLog, concurrency: 1 });
  for (const market of Object.values(running.deps.services.marketplaces)) {
    const end = market.end.bind(market);
    market.end = async (userId, itemIds, options) => {
      for (const itemId of itemIds)
        endsAsked.push({
          channel: market.channel,
          itemId,
          owed: await activeJobOf(db(), 'end-sold-elsewhere', { userId, subject: itemSubject(itemId) }),
        });
      return end(userId, itemIds, options);
    };
  }
}, paced(240_000));
afterAll(() => four?.close());

/**
 * How a sale is made on each marketplace's fake, pulled (no push reaches the app: eBay's lost on its way, Depop's
 * webhook not sent, Shopify's order made without its webhook) or pushed (the fake delivers it to the app, signed, and
 * the answer's HTTP status is returned).
 */
const sellOn: Record<ApiChannel, Partial<Record<Way, (item: ListedItem) => Promise<number | void>>>> = {
  ebay: {
    async pulled(item) {
      const notifications = fakes().ebay.state.notifications;
      const reach = notifications.reach;
      notifications.reach = async () => ({ status: 503, text: '' });
      try {
        fakes().ebay.state.sell(item.sku, { sellerUserId: seller.ebayUserId });
        await notifications.settled();
      } finally {
        notifications.reach = reach;
      }
    },
    async pushed(item) {
      const notifications = fakes().ebay.state.notifications;
      const before = notifications.pushes.length;
      fakes().ebay.state.sell(item.sku, { sellerUserId: seller.ebayUserId });
      await notifications.settled();
      const [push, ...more] = notifications.pushes.slice(before);
      expect(more).toEqual([]);
      // What eBay's document shows: the order id, no seller.
      expect(Object.keys(JSON.parse(push!.body).notification.data)).toEqual(['orderId']);
      return push!.status;
    },
  },
  etsy: {
    pulled: async (item) => void fakes().etsy.seedReceipt({ sku: item.sku, price: 30, shipping: 5 }),
  },
  shopify: {
    pulled: async (item) => void fakes().shopify.shop(seller.shop!).buy({ sku: item.sku }),
    pushed: async (item) => (await fakes().shopify.buy(seller.shop!, { sku: item.sku })).deliveries[0],
  },
  depop: {
    async pulled(item) {
      fakes().depop.configure({ webhookUrl: '' });
      try {
        fakes().depop.purchase(seller.depopSellerId!, item.sku);
      } finally {
        fakes().depop.configure({ webhookUrl: `${running.url}${depopPaths.webhooks}` });
      }
    },
    async pushed(item) {
      const purchase = fakes().depop.purchase(seller.depopSellerId!, item.sku);
      await fakes().depop.webhooksSettled();
      const sent = fakes()
        .depop.snapshot()
        .webhooks.filter((w) => w.eventType === 'v1:order.new' && w.body.includes(String(purchase.purchaseId)));
      expect(sent).toHaveLength(1);
      return sent[0]!.outcome as number;
    },
  },
};

/** The cases: each marketplace's ways of telling a sale (Etsy's Open API has no webhooks). */
const cases = registeredChannels.flatMap(({ name }) =>
  (['pulled', 'pushed'] as const).filter((way) => sellOn[name][way]).map((way) => [name, way] as const),
);

const listingOf = async (itemId: string, channel: ApiChannel) =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel)))
  )[0]!;

/** Whether the item's listing is ended on the marketplace itself, read from its fake. */
const endedOnMarketplace: Record<ApiChannel, (item: ListedItem, externalId: string) => boolean> = {
  ebay: (_item, listingId) => fakes().ebay.state.listings.get(listingId)?.status === 'ENDED',
  etsy: (_item, listingId) =>
    fakes()
      .etsy.snapshot()
      .listings.find((l) => String(l.listing_id) === listingId)?.state === 'inactive',
  shopify: (_item, productId) => fakes().shopify.shop(seller.shop!).products.get(productId)?.status === 'ARCHIVED',
  depop: (item) =>
    fakes()
      .depop.snapshot()
      .products.find((p) => p.sellerId === seller.depopSellerId && p.sku === item.sku)?.status === 'STATUS_MARKED_AS_SOLD',
};

const statusesOf = async (itemId: string) =>
  Object.fromEntries(await Promise.all(apiChannels.map(async (channel) => [channel, (await listingOf(itemId, channel)).status]))) as Record<
    ApiChannel,
    string
  >;

const checkForSales = async (channel: ApiChannel) => {
  const answer = await running.app.inject({ method: 'POST', url: salesPathOf(channel), headers: { cookie: seller.cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { newSales: number; soldItemIds: string[] };
};

describe.each(cases)('a sale on %s, %s', (channel, way) => {
  it(
    'is counted once and ends every other listing the same way: owed first, then ended once by its job',
    async () => {
      const item = items.get(`${channel}/${way}`)!;
      const others = apiChannels.filter((other) => other !== channel);
      expect(await statusesOf(item.itemId)).toEqual(Object.fromEntries(apiChannels.map((c) => [c, 'live'])));

      const answered = await sellOn[channel][way]!(item);
      if (way === 'pulled') {
        // The seller's "Check for sales" answers with the sale and every other listing already ended.
        expect(await checkForSales(channel)).toMatchObject({ newSales: 1, soldItemIds: [item.itemId] });
      } else {
        expect(answered).toBeGreaterThanOrEqual(200);
        expect(answered).toBeLessThan(300);
        // Answered once the ends are owed: the job is stored, nothing ended yet; the workers end them.
        expect(await activeJobOf(db(), 'end-sold-elsewhere', { userId: seller.id, subject: itemSubject(item.itemId) })).toBe('pending');
        expect(endsAsked.filter((end) => end.itemId === item.itemId)).toEqual([]);
        await drain(pool);
      }

      expect(await statusesOf(item.itemId)).toEqual({ ...Object.fromEntries(others.map((c) => [c, 'ended'])), [channel]: 'sold' });
      for (const other of others) {
        const { externalId } = await listingOf(item.itemId, other);
        expect({ other, ended: endedOnMarketplace[other](item, externalId!) }).toEqual({ other, ended: true });
      }
      // Each other marketplace asked once, each time by the item's end job (stored before the end went out).
      const asked = endsAsked.filter((end) => end.itemId === item.itemId);
      expect(asked.sort((a, b) => a.channel.localeCompare(b.channel))).toEqual(
        [...others].sort().map((other) => ({ channel: other, itemId: item.itemId, owed: 'running' })),
      );
      expect(await activeJobOf(db(), 'end-sold-elsewhere', { userId: seller.id, subject: itemSubject(item.itemId) })).toBeNull();

      // Counted once: a pull after it (a push's sale pulled again) records nothing and ends nothing again.
      expect(await checkForSales(channel)).toMatchObject({ newSales: 0 });
      await drain(pool);
      const recorded = await db().select().from(sales).where(eq(sales.itemId, item.itemId));
      expect(recorded.map((sale) => sale.channel)).toEqual([channel]);
      expect(endsAsked.filter((end) => end.itemId === item.itemId)).toHaveLength(others.length);
    },
    paced(20_000),
  );
});
