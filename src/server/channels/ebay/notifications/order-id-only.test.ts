import { paced } from '@shared/testing/pace';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../../../fakes/etsy/etsy-server';
import { composeServices, type Services } from '../../../compose';
import { loadConfig } from '../../../config';
import { channelListings, items, sales } from '../../../db/schema';
import { createWorkerPool, type WorkerPool } from '../../../jobs/worker-pool';
import { useFakeEbaySales } from '../../../test/fake-ebay-sales';
import { etsyShopSetup, fakeEtsyEnv } from '../../../test/fake-etsy-seller';
import { drain, silentLog } from '../../../test/listings';
import { etsySetupFrom } from '../../etsy/setup';
import { ebaySetupFrom } from '../setup';

/**
 * eBay's ORDER_CONFIRMATION as its document shows it: the order id alone, no seller named. The app finds whose order
 * it is by asking eBay with each candidate seller's own token, records the sale and ends the Etsy listing of the same
 * item at once, without waiting for the sales pull. Against the fake eBay in its documented-fields-only mode.
 */
const ENV = {
  EBAY_VERIFICATION_TOKEN: 'verification_token-0123456789-abcdefghij',
  PUBLIC_URL: 'https://resale.example',
  EBAY_ALERT_EMAIL: 'alerts@resale.example',
};
const setup = useFakeEbaySales('orderonly', ENV);
let etsyFake: FakeEtsy;
let services: Services;
let pool: WorkerPool;

beforeAll(async () => {
  etsyFake = await startFakeEtsy({ callsPerSecond: 0 });
  const config = loadConfig({ ...fakeEtsyEnv(etsyFake), ...ENV, DATA_DIR: setup.t.deps.config.dataDir });
  services = composeServices(
    { ...setup.t.deps, log: silentLog },
    { ebay: ebaySetupFrom({ ...setup.t.deps.config }), etsy: etsySetupFrom(config) },
  );
  pool = createWorkerPool({ db: setup.t.deps.database.db, registry: services.jobs, log: silentLog, concurrency: 1 });
});
afterAll(async () => {
  await etsyFake?.close();
});
beforeEach(() => {
  setup.fake.state.notifications.documentedFieldsOnly = true;
});

async function connectEtsy(userId: string) {
  const consent = new URL(await services.channels.etsy.account.startOAuth(userId));
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, consent.searchParams.get(name) ?? '');
  const back = new URL(
    (await fetch(`${etsyFake.url}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' })).headers.get('location')!,
  );
  await services.channels.etsy.account.completeOAuth(userId, back.searchParams.get('code')!, back.searchParams.get('state')!);
  await services.channels.etsy.account.setUpShop(userId, etsyShopSetup);
}

/** A seller (subscribed to ORDER_CONFIRMATION on connecting) with an item live on eBay and on Etsy. */
async function itemOnEbayAndEtsy() {
  const db = setup.t.deps.database.db;
  const user = await setup.connectedSeller();
  await expect
    .poll(() => [...setup.fake.state.notifications.subscriptions.values()].filter((s) => s.userId === user.ebayUserId).length)
    .toBe(1);
  const { itemId, ebaySku } = await setup.publishedItem(user);
  await connectEtsy(user.id);
  await db.update(items).set({ category: 'Mens Jeans', aiSuggestedPriceMinor: 3000 }).where(eq(items.id, itemId));
  await services.channels.etsy.marketplace.saveWhenMade(user.id, itemId, '1990s');
  await services.channels.etsy.marketplace.publish(user.id, itemId);
  return { user, itemId, ebaySku };
}

const listingOf = async (itemId: string, channel: 'ebay' | 'etsy') =>
  (
    await setup.t.deps.database.db
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel)))
  )[0];

describe('an eBay push that names only the order', () => {
  it(
    'records the sale and ends the Etsy listing within seconds, with no pull',
    async () => {
      // Other sellers first: the order is asked of eBay with their tokens too, and is none of theirs.
      for (let i = 0; i < 2; i++) await setup.publishedItem(await setup.connectedSeller());
      const { user, itemId, ebaySku } = await itemOnEbayAndEtsy();
      expect((await listingOf(itemId, 'etsy'))?.status).toBe('live');

      const before = setup.fake.state.notifications.pushes.length;
      const order = setup.fake.state.sell(ebaySku, { sellerUserId: user.ebayUserId });
      await setup.fake.state.notifications.settled();
      const [push, ...more] = setup.fake.state.notifications.pushes.slice(before);
      expect(more).toEqual([]);
      // What eBay's document shows, and nothing else: no seller in the data.
      expect(JSON.parse(push!.body).notification.data).toEqual({ orderId: order.orderId });
      const pullsBefore = setup.fake.state.calls.filter((call) => call.operationId === 'getOrders').length;

      const pushedAt = Date.now();
      const answer = await services.channels.ebay.notifications.receive(Buffer.from(push!.body), push!.signature);
      expect(answer.status).toBe(204);
      await drain(pool);
      const endedAfterMs = Date.now() - pushedAt;

      const db = setup.t.deps.database.db;
      const recorded = await db.select().from(sales).where(eq(sales.userId, user.id));
      expect(recorded).toMatchObject([{ itemId, channel: 'ebay', externalOrderId: order.orderId }]);
      expect((await listingOf(itemId, 'ebay'))?.status).toBe('sold');
      expect((await listingOf(itemId, 'etsy'))?.status).not.toBe('live');
      const etsyListingId = (await listingOf(itemId, 'etsy'))!.externalId!;
      expect(etsyFake.snapshot().listings.find((l) => String(l.listing_id) === etsyListingId)?.state).not.toBe('active');
      // Ended by the push, not by the pull (which never ran), within the 5 s a seller waits at most.
      expect(setup.fake.state.calls.filter((call) => call.operationId === 'getOrders').length).toBe(pullsBefore);
      expect(endedAfterMs).toBeLessThan(5_000);
      expect(etsyFake.contractViolations).toEqual([]);
    },
    paced(120_000),
  );

  it(
    'a sellerId, when eBay names one, only narrows whom it asks',
    async () => {
      setup.fake.state.notifications.documentedFieldsOnly = false;
      const { user, itemId, ebaySku } = await itemOnEbayAndEtsy();
      const before = setup.fake.state.notifications.pushes.length;
      const order = setup.fake.state.sell(ebaySku, { sellerUserId: user.ebayUserId });
      await setup.fake.state.notifications.settled();
      const push = setup.fake.state.notifications.pushes[before]!;
      expect(JSON.parse(push.body).notification.data).toEqual({ orderId: order.orderId, sellerId: expect.any(String) });
      const asked = () => setup.fake.state.calls.filter((call) => call.operationId === 'getOrder').length;
      const askedBefore = asked();
      expect((await services.channels.ebay.notifications.receive(Buffer.from(push.body), push.signature)).status).toBe(204);
      // Only the named seller was asked.
      expect(asked() - askedBefore).toBe(1);
      expect(await setup.t.deps.database.db.select().from(sales).where(eq(sales.userId, user.id))).toMatchObject([{ itemId }]);
    },
    paced(120_000),
  );
});
