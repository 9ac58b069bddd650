import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlanAction } from '@shared/contracts/selling-plan';
import type { Marketplace } from '../channels/marketplace';
import { channelListings, sellingPlanActions } from '../db/schema';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { clientForFake } from '../test/fake-ebay-seller';
import { ebayListingRow } from '../test/ebay-listings';
import { drain, silentLog } from '../test/listings';
import type { TestUser } from '../test/test-app';
import { runFanOut } from '../fan-out/fan-out';
import { applyDueActions, type ApplyDeps } from './apply';

/**
 * A planned relist (end, then publish again) or an approved offer cut short by the process dying
 * (kill -9) is carried on by the next run, after the restart: the listing is live again on eBay and the app says so;
 * the offer reaches its buyers once and the plan says it went. The run that dies is the real apply with one eBay step
 * that never returns (after or before eBay did it): nothing after that step runs, as when the process is killed.
 */
const setup = useFakeEbaySales('cutshort');
const db = () => setup.t.deps.database.db;
const api = (user: TestUser, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  setup.t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const never = new Promise<never>(() => undefined);

/** A seller's item live on the fake eBay at $30.00, cost $8.00, and its planned relist (listed 31 days ago), approved. */
async function approvedRelist() {
  const user = await setup.connectedSeller();
  const { itemId, ebaySku } = await setup.publishedItem(user);
  expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost: usd(800) })).statusCode).toBe(200);
  await drain(setup.pool); // the save's revise: a relist starts from a listing with no change under way
  await db()
    .update(channelListings)
    .set({ listedAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'ebay')));
  const rule = { scope: 'all', enabled: true, dropSteps: [], relistAfterDays: 30, automatic: false };
  expect((await api(user, 'PUT', '/api/selling-plan/rules', { rules: [rule] })).statusCode).toBe(200);
  const relist = ((await api(user, 'GET', '/api/selling-plan')).json().actions as PlanAction[]).find((a) => a.kind === 'relist')!;
  expect(relist).toBeDefined();
  await api(user, 'POST', '/api/selling-plan/decisions', { approve: [relist.id] });
  return { user, itemId, ebaySku, actionId: relist.id! };
}

/** The apply run of a process that dies in `step`: the real marketplaces, but that call never returns. */
function dyingRun(user: TestUser, step: 'withdraw' | 'relist', when: 'after' | 'before') {
  const real = setup.services.marketplaces.ebay;
  let reached!: () => void;
  const there = new Promise<void>((resolve) => (reached = resolve));
  const cut = async (userId: string, itemId: string) => {
    if (when === 'after') await real[step](userId, itemId);
    reached();
    return never;
  };
  const ebay: Marketplace = { ...real, [step]: cut };
  const deps: ApplyDeps = {
    db: db(),
    marketplaces: { ...setup.services.marketplaces, ebay },
    push: setup.services.push,
    log: silentLog,
    floors: setup.services.profitFloor,
  };
  void applyDueActions(deps, user.id, new Date());
  return there;
}

const activeListingsOf = (sku: string) =>
  [...setup.fake.state.listings.values()].filter((listing) => listing.sku === sku && listing.status === 'ACTIVE');
const actionRow = async (id: string) => (await db().select().from(sellingPlanActions).where(eq(sellingPlanActions.id, id)))[0]!;

describe('a planned relist cut short by a kill', () => {
  for (const [step, when] of [
    ['withdraw', 'after'],
    ['withdraw', 'before'],
    ['relist', 'before'],
    ['relist', 'after'],
  ] as const) {
    it(`killed ${when} eBay's ${step === 'withdraw' ? 'end' : 'publish again'}: after the restart the listing is live on eBay, and the app says so`, async () => {
      const { user, itemId, ebaySku, actionId } = await approvedRelist();
      const before = (await ebayListingRow(db(), itemId))!.listingId;
      await dyingRun(user, step, when);
      // Cut there: the action is under way, and (ended after) eBay has no active listing of it.
      expect((await actionRow(actionId)).state).toBe(step === 'withdraw' ? 'ending' : 'relisting');
      if (step === 'withdraw' && when === 'after') expect(activeListingsOf(ebaySku)).toEqual([]);

      // The restarted server's run carries it on.
      await setup.services.sellingPlan.apply(user.id);
      expect(activeListingsOf(ebaySku)).toHaveLength(1);
      const listing = await ebayListingRow(db(), itemId);
      expect(listing).toMatchObject({ publishStatus: 'published', publishError: null, listingId: activeListingsOf(ebaySku)[0]!.listingId });
      const [row] = await db()
        .select({ pendingChange: channelListings.pendingChange })
        .from(channelListings)
        .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'ebay')));
      expect(row!.pendingChange).toBeNull();
      expect(await actionRow(actionId)).toMatchObject({ state: 'applied', listingBefore: before, listingAfter: listing!.listingId });
      expect(setup.fake.contractViolations).toEqual([]);
    });
  }
});

/** A seller's item live on eBay at $30.00 (cost $8.00) with a watcher, and the plan's offer of 10% off, approved. */
async function approvedOffer() {
  const user = await setup.connectedSeller();
  const { itemId } = await setup.publishedItem(user);
  expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost: usd(800) })).statusCode).toBe(200);
  const listingId = (await ebayListingRow(db(), itemId))!.listingId!;
  setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
  await api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0, askFirst: true });
  const offer = ((await api(user, 'GET', '/api/selling-plan')).json().actions as PlanAction[]).find((a) => a.kind === 'offer')!;
  expect(offer.price).toEqual(usd(2700));
  await api(user, 'POST', '/api/selling-plan/decisions', { approve: [offer.id] });
  return { user, itemId, listingId, actionId: offer.id! };
}

/** The apply run of a process that dies sending the offer: `reached` eBay first (its answer lost), or not. */
function dyingOfferRun(user: TestUser & { ebayUserId: string }, when: 'eBay has it' | 'recorded' | 'before') {
  let reached!: () => void;
  const there = new Promise<void>((resolve) => (reached = resolve));
  const offers = setup.services.channels.ebay.offersToBuyers;
  const deps: ApplyDeps = {
    db: db(),
    marketplaces: setup.services.marketplaces,
    push: setup.services.push,
    log: silentLog,
    floors: setup.services.profitFloor,
    async sendOffer(userId, _channel, itemId, price, runKey) {
      if (when === 'recorded') await offers.sendPlanned(userId, itemId, price, runKey);
      if (when === 'eBay has it') {
        // The process records the listing's send as under way, eBay has the offer, and the process dies before its answer.
        const listingId = (await ebayListingRow(db(), itemId))!.listingId!;
        const token = setup.fake.state.issueAccessToken('user', ['https://api.ebay.com/oauth/api_scope/sell.inventory'], user.ebayUserId);
        void runFanOut({
          db: db(),
          userId,
          kind: 'ebay-offer-to-watchers',
          runKey,
          recipients: [listingId],
          inDoubt: { sendAgain: true },
          send: async () => {
            await clientForFake(setup.fake).negotiation.sendOfferToInterestedBuyers(
              token.token,
              { listingId, price: { value: '27.00', currency: price.currency } },
              'EBAY_US',
            );
            reached();
            return never;
          },
        });
        return never;
      }
      reached();
      return never;
    },
  };
  void applyDueActions(deps, user.id, new Date());
  return there;
}

describe('an approved offer cut short by a kill', () => {
  for (const when of ['eBay has it', 'recorded', 'before'] as const) {
    it(`killed ${when === 'before' ? 'before eBay had it' : when === 'recorded' ? 'after it was recorded' : 'after eBay had it, its answer lost'}: sent once, and the plan says it went`, async () => {
      const { user, itemId, listingId, actionId } = await approvedOffer();
      await dyingOfferRun(user, when);
      expect((await actionRow(actionId)).state).toBe('sending');

      await setup.services.sellingPlan.apply(user.id);
      const sent = setup.fake.state.negotiation.offers.filter((o) => o.listingId === listingId);
      expect(sent.map((o) => [o.buyer, o.price.value])).toEqual([['ann_buys', '27.00']]);
      expect(await actionRow(actionId)).toMatchObject({ state: 'applied', message: null });
      // The item's history has the offer, so the plan's next round waits for it to lapse.
      const history = (await api(user, 'GET', `/api/items/${itemId}/ebay-offer?percent=10`)).json() as {
        offers: unknown[];
        openUntil: string;
      };
      expect(history.offers).toHaveLength(1);
      expect(history.openUntil).not.toBeNull();
    });
  }
});
