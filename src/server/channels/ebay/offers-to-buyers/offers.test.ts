import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearsFloor } from '@shared/domain/profit-floor';
import type { PlanAction } from '@shared/contracts/selling-plan';
import { ebayBuyerOffers, items, sales, sellingPlanActions } from '../../../db/schema';
import { EbayApiError } from '../api/ebay-api-error';
import { ebayPublishedFees } from '../fee-schedule';
import { useFakeEbaySales } from '../../../test/fake-ebay-sales';
import { drain } from '../../../test/listings';
import { clientForFake } from '../../../test/fake-ebay-seller';
import { ebayListingRow } from '../../../test/ebay-listings';
import type { TestUser } from '../../../test/test-app';

/**
 * Offers to interested buyers (decision 087), over the app's routes, the real eBay client and the fake eBay's
 * Negotiation API (contract-checked), on the real database: eligible listings, the price (never under the floor),
 * eBay's refusal of a second offer too soon, the buyer's acceptance becoming the sale, two sellers kept apart.
 */
const setup = useFakeEbaySales('offers');
const db = () => setup.t.deps.database.db;
const api = (user: TestUser, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  setup.t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

/** A seller's item live on the fake eBay at $30.00 with this cost in dollars (null: none entered), and its eBay listing id. */
async function liveItem(user: TestUser, dollars: number | null) {
  const cost = dollars === null ? null : usd(dollars * 100);
  const { itemId } = await setup.publishedItem(user);
  if (cost !== null) expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost })).statusCode).toBe(200);
  const listingId = (await ebayListingRow(db(), itemId))!.listingId!;
  return { itemId, listingId };
}
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

describe('offers to interested buyers on eBay', () => {
  it('finds the listing with watchers, sends 10% off at $27.00 with its profit, and it reaches both watchers', async () => {
    const user = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(user, 8);
    await liveItem(user, 8); // no watchers: not eligible
    setup.fake.state.negotiation.watch(listingId, ['ann_buys', 'bob_buys']);

    const eligible = await setup.services.channels.ebay.offersToBuyers.eligible(user.id);
    expect(eligible.map((l) => l.listingId)).toEqual([listingId]);

    const preview = await api(user, 'GET', `/api/items/${itemId}/ebay-offer?percent=10`);
    expect(preview.statusCode, preview.body).toBe(200);
    // $27.00 − eBay's 13.25 % ($3.58) − $0.40 − $8.00 cost = $15.02 (no shipping, no margin set).
    expect(preview.json()).toMatchObject({
      price: usd(2700),
      profit: usd(1502),
      listingPrice: usd(3000),
      reason: null,
      raisedToFloor: false,
    });

    const sent = await api(user, 'POST', '/api/ebay/offers', { percent: 10 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().results).toEqual([expect.objectContaining({ itemId, listingId, status: 'sent' })]);
    const offer = sent.json().results[0].offer;
    expect(offer).toMatchObject({ price: usd(2700), percentOffBasisPoints: 1000, buyers: 2, outcome: 'sent', trigger: 'seller' });
    expect(setup.fake.state.negotiation.offers.map((o) => [o.buyer, o.price.value, o.listingId])).toEqual([
      ['ann_buys', '27.00', listingId],
      ['bob_buys', '27.00', listingId],
    ]);
    expect(offer.ebayOfferIds).toEqual(setup.fake.state.negotiation.offers.map((o) => o.offerId));
  });

  it('the week’s selling plan lists the offers the rule will send, with price, floor and profit (decision 090)', async () => {
    const user = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
    expect((await api(user, 'GET', '/api/selling-plan')).json().actions).toEqual([]);
    expect((await api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0 })).statusCode).toBe(200);
    const { actions } = (await api(user, 'GET', '/api/selling-plan')).json();
    expect(actions).toEqual([
      expect.objectContaining({
        id: expect.any(String),
        kind: 'offer',
        itemId,
        channel: 'ebay',
        from: usd(3000),
        price: usd(2700),
        profit: usd(1502),
        automatic: true,
      }),
    ]);
    expect(actions[0].floor.amountMinor).toBeLessThanOrEqual(2700);
    // Another seller's plan shows none of it.
    const other = await setup.connectedSeller();
    expect((await api(other, 'GET', '/api/selling-plan')).json().actions).toEqual([]);
  });

  it('the review gate, one offer at a time: the approved one is sent at its price, the rejected one never (decision 098)', async () => {
    const user = await setup.connectedSeller();
    const kept = await liveItem(user, 8);
    const refused = await liveItem(user, 8);
    const later = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(kept.listingId, ['ann_buys']);
    setup.fake.state.negotiation.watch(refused.listingId, ['bob_buys']);
    setup.fake.state.negotiation.watch(later.listingId, ['cy_buys']);
    await api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0 });
    const plan = async () => (await api(user, 'GET', '/api/selling-plan')).json().actions as PlanAction[];
    const offerOf = (actions: PlanAction[], itemId: string) => actions.find((a) => a.kind === 'offer' && a.itemId === itemId)!;
    const first = await plan();
    expect(first.filter((a) => a.kind === 'offer')).toHaveLength(3);
    // The same offer keeps its id however often the plan is worked out.
    expect(offerOf(await plan(), kept.itemId).id).toBe(offerOf(first, kept.itemId).id);
    const decided = await api(user, 'POST', '/api/selling-plan/decisions', {
      approve: [offerOf(first, kept.itemId).id],
      reject: [offerOf(first, refused.itemId).id],
    });
    expect(decided.json()).toEqual({ approved: 1, rejected: 1 });
    // Another seller's decisions on these ids change nothing.
    const other = await setup.connectedSeller();
    expect((await api(other, 'POST', '/api/selling-plan/decisions', { approve: [offerOf(first, refused.itemId).id] })).json()).toEqual({
      approved: 0,
      rejected: 0,
    });

    // The plan's job sends the approved offer, at the price shown, and only it.
    await setup.services.sellingPlan.apply(user.id);
    expect(setup.fake.state.negotiation.offers.map((o) => [o.buyer, o.price.value, o.listingId])).toEqual([
      ['ann_buys', '27.00', kept.listingId],
    ]);
    // The rule's daily run sends the offer left pending, never the rejected one, and not the approved one again.
    const ruled = await setup.services.channels.ebay.offersToBuyers.runRule(user.id);
    expect(ruled.map((r) => [r.status, 'offer' in r ? r.offer.listingId : r.listingId, 'reason' in r ? r.reason : null])).toEqual(
      expect.arrayContaining([
        ['sent', later.listingId, null],
        ['skipped', kept.listingId, 'too-soon'],
      ]),
    );
    expect(ruled).toHaveLength(2);
    expect(setup.fake.state.negotiation.offers.map((o) => o.listingId).sort()).toEqual([kept.listingId, later.listingId].sort());
    await setup.services.sellingPlan.apply(user.id);
    expect(setup.fake.state.negotiation.offers).toHaveLength(2);

    const after = await plan();
    expect(after.find((a) => a.id === offerOf(first, kept.itemId).id)).toMatchObject({ state: 'applied', decision: 'approved' });
    expect(after.find((a) => a.id === offerOf(first, refused.itemId).id)).toMatchObject({ state: 'planned', decision: 'rejected' });
    // The pending one the rule sent is history; the next offers on the sent listings are planned for when theirs lapse.
    expect(after.find((a) => a.id === offerOf(first, later.itemId).id)).toMatchObject({ state: 'applied', decision: 'pending' });
    const next = after.filter((a) => a.kind === 'offer' && a.state === 'planned' && a.itemId === later.itemId);
    expect(next).toHaveLength(1);
    expect(Date.parse(next[0]!.dueAt)).toBeGreaterThan(Date.now() + 86_400_000);
  });

  it('ask me first: the daily rule sends nothing, its offers wait in the plan; the approved one goes; off, the rule sends (decision 108)', async () => {
    const user = await setup.connectedSeller();
    const approved = await liveItem(user, 8);
    const waiting = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(approved.listingId, ['ann_buys']);
    setup.fake.state.negotiation.watch(waiting.listingId, ['bob_buys']);
    const rule = { enabled: true, percentOff: 10, afterDays: 0, askFirst: true };
    expect((await api(user, 'PUT', '/api/ebay/offer-rule', rule)).json()).toEqual(rule);
    const offers = setup.services.channels.ebay.offersToBuyers;
    expect(await offers.runRule(user.id)).toEqual([]);
    expect(setup.fake.state.negotiation.offers).toEqual([]);
    // The hourly plan works this seller's offers out, though they have no drop or relist rule.
    expect(await setup.services.sellingPlan.sellersToPlan()).toContain(user.id);

    const plan = async () =>
      ((await api(user, 'GET', '/api/selling-plan')).json().actions as PlanAction[]).filter((a) => a.kind === 'offer');
    const first = await plan();
    expect(first).toHaveLength(2);
    for (const offer of first) {
      expect(offer).toMatchObject({ automatic: false, decision: 'pending', state: 'planned', price: usd(2700) });
      expect(offer.notes).toContain(
        'To eBay’s interested buyers by your offer rule: you asked to approve it first; not sent unless you do',
      );
      expect(offer.rule).toEqual({
        kind: 'offer-rule',
        words: 'Your eBay offer rule',
        summary: '10% off after 0 days listed · ask me first',
      });
    }
    const idOf = (itemId: string) => first.find((a) => a.itemId === itemId)!.id!;
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: [idOf(approved.itemId)] });
    await setup.services.sellingPlan.apply(user.id);
    expect(await offers.runRule(user.id)).toEqual([]);
    expect(setup.fake.state.negotiation.offers.map((o) => [o.buyer, o.price.value, o.listingId])).toEqual([
      ['ann_buys', '27.00', approved.listingId],
    ]);

    // Ask me first off (a client that leaves it out): the offer left pending is automatic again, and the rule sends it.
    await api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0 });
    expect((await plan()).find((a) => a.id === idOf(waiting.itemId))).toMatchObject({ automatic: true, decision: 'pending' });
    expect(await offers.runRule(user.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'sent', offer: expect.objectContaining({ listingId: waiting.listingId, priceMinor: 2700 }) }),
      ]),
    );
    expect(setup.fake.state.negotiation.offers.map((o) => o.listingId).sort()).toEqual([approved.listingId, waiting.listingId].sort());
  });

  it('an approved offer is held to the floor again when sent: a cost raised since sends nothing, and says why', async () => {
    const user = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
    await api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0 });
    const offer = ((await api(user, 'GET', '/api/selling-plan')).json().actions as PlanAction[]).find((a) => a.kind === 'offer')!;
    expect(offer.price).toEqual(usd(2700));
    // Approved, then the cost is raised to $25.00 before the job runs: $27.00 no longer clears the floor.
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: [offer.id] });
    await db().update(items).set({ costMinor: 2500 }).where(eq(items.id, itemId));
    await setup.services.sellingPlan.apply(user.id);
    expect(setup.fake.state.negotiation.offers).toEqual([]);
    const [row] = await db().select().from(sellingPlanActions).where(eq(sellingPlanActions.id, offer.id!));
    expect(row).toMatchObject({ state: 'failed', message: 'The price is now under your floor: not sent' });
  });

  it('a drop and an offer due together on one listing: the offer priced from the dropped price, sent after it, none refused (decision 119)', async () => {
    const user = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
    await api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 10, afterDays: 0 });
    const dropRule = {
      scope: 'all',
      enabled: true,
      dropSteps: [{ afterDays: 0, basisPoints: 1000 }],
      relistAfterDays: null,
      automatic: false,
    };
    expect((await api(user, 'PUT', '/api/selling-plan/rules', { rules: [dropRule] })).statusCode).toBe(200);
    const plan = async () => (await api(user, 'GET', '/api/selling-plan')).json().actions as PlanAction[];
    const shown = await plan();
    const drop = shown.find((a) => a.kind === 'drop')!;
    const offer = shown.find((a) => a.kind === 'offer')!;
    expect(drop).toMatchObject({ from: usd(3000), price: usd(2700) });
    // 10% off the $27.00 the drop leaves: $24.30 − eBay's 13.25 % ($3.22) − $0.40 − $8.00 cost = $12.68.
    expect(offer).toMatchObject({ from: usd(2700), price: usd(2430), profit: usd(1268) });
    await api(user, 'POST', '/api/selling-plan/decisions', { approve: [drop.id, offer.id] });
    await drain(setup.pool); // the apply job, its eBay lane running the drop's revise before the offer

    const after = await plan();
    expect(after.filter((a) => a.id === drop.id || a.id === offer.id).map((a) => [a.kind, a.state, a.message])).toEqual([
      ['drop', 'applied', null],
      ['offer', 'applied', null],
    ]);
    const [item] = await db().select({ sku: items.sku }).from(items).where(eq(items.id, itemId));
    const revised = setup.fake.state.pricesSent.filter((p) => p.sku === item!.sku).at(-1)!;
    expect(revised.value).toBe('27.00');
    expect(setup.fake.state.negotiation.offers.map((o) => [o.buyer, o.price.value, o.listingId])).toEqual([
      ['ann_buys', '24.30', listingId],
    ]);
    // The listing was at $27.00 on eBay when the offer reached it.
    expect(setup.fake.state.negotiation.offers[0]!.createdAt).toBeGreaterThanOrEqual(revised.at);
    const recorded = await db().select().from(ebayBuyerOffers).where(eq(ebayBuyerOffers.userId, user.id));
    expect(recorded.map((row) => [row.outcome, row.priceMinor, row.listingPriceMinor])).toEqual([['sent', 2430, 2700]]);
  });

  it('a second offer while the first is open is not sent (eBay refuses it: 150019), and is once it lapses', async () => {
    const user = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
    expect((await api(user, 'POST', `/api/items/${itemId}/ebay-offer`, { percent: 10 })).json()).toMatchObject({ status: 'sent' });
    expect((await api(user, 'POST', `/api/items/${itemId}/ebay-offer`, { percent: 15 })).json()).toMatchObject({
      status: 'skipped',
      reason: 'too-soon',
    });
    expect((await api(user, 'GET', `/api/items/${itemId}/ebay-offer?percent=15`)).json()).toMatchObject({ reason: 'too-soon' });
    // eBay itself refuses it, through the real client.
    const client = clientForFake(setup.fake);
    const token = setup.fake.state.issueAccessToken('user', ['https://api.ebay.com/oauth/api_scope/sell.inventory'], user.ebayUserId).token;
    const refused = await client.negotiation
      .sendOfferToInterestedBuyers(token, { listingId, price: { value: '25.00', currency: 'USD' } }, 'EBAY_US')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EbayApiError);
    expect(refused).toMatchObject({ httpStatus: 409, errorId: 150019 });
    // Two days pass, on eBay and here: a price not 5 % under, or over the listing price, is still refused.
    setup.fake.state.negotiation.expireAll();
    await db()
      .update(ebayBuyerOffers)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(ebayBuyerOffers.listingId, listingId));
    for (const [value, errorId] of [
      ['28.60', 150008],
      ['31.00', 150016],
    ] as const) {
      const error = await client.negotiation
        .sendOfferToInterestedBuyers(token, { listingId, price: { value, currency: 'USD' } }, 'EBAY_US')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ errorId });
    }
    expect((await api(user, 'POST', `/api/items/${itemId}/ebay-offer`, { percent: 15 })).json()).toMatchObject({ status: 'sent' });
  });

  it('never under the floor: raised to the least price that clears it, none when that is not 5% under, none without a cost', async () => {
    const user = await setup.connectedSeller();
    const raised = await liveItem(user, 24);
    const tooDear = await liveItem(user, 26);
    const noCost = await liveItem(user, null);
    for (const { listingId } of [raised, tooDear, noCost]) setup.fake.state.negotiation.watch(listingId, ['ann_buys']);

    const results = (await api(user, 'POST', '/api/ebay/offers', { percent: 10 })).json().results as {
      itemId: string;
      status: string;
      reason: string | null;
      offer: { price: { amountMinor: number }; raisedToFloor: boolean } | null;
    }[];
    const of = (itemId: string) => results.find((r) => r.itemId === itemId)!;
    expect(of(tooDear.itemId)).toMatchObject({ status: 'skipped', reason: 'under-floor' });
    expect(of(noCost.itemId)).toMatchObject({ status: 'skipped', reason: 'no-cost' });
    expect(of(raised.itemId)).toMatchObject({ status: 'sent', offer: { raisedToFloor: true } });
    const price = of(raised.itemId).offer!.price.amountMinor;
    const inputs = { currency: 'USD', costMinor: 2400, shippingMinor: 0, margin: { kind: 'amount' as const, amountMinor: 0 } };
    expect(clearsFloor(inputs, ebayPublishedFees.schedule, price)).toBe(true);
    expect(clearsFloor(inputs, ebayPublishedFees.schedule, price - 1)).toBe(false);
    expect(setup.fake.state.negotiation.offers.map((o) => o.price.value)).toEqual([(price / 100).toFixed(2)]);
  });

  it('property: for any cost, margin and percent, the offer the route prices clears the floor', async () => {
    const user = await setup.connectedSeller();
    const { itemId } = await liveItem(user, 1);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 5, max: 90 }),
        async (cost, margin, percent) => {
          expect((await api(user, 'PATCH', `/api/items/${itemId}`, { cost: usd(cost) })).statusCode).toBe(200);
          const settings = { currency: 'USD', shippingCost: usd(0), minimumMargin: { kind: 'amount', amount: usd(margin) } };
          expect((await api(user, 'PUT', '/api/profit-floor/settings', settings)).statusCode).toBe(200);
          const answer = (await api(user, 'GET', `/api/items/${itemId}/ebay-offer?percent=${percent}`)).json();
          const inputs = { currency: 'USD', costMinor: cost, shippingMinor: 0, margin: { kind: 'amount' as const, amountMinor: margin } };
          if (answer.price === null) {
            expect(answer.reason).toBe('under-floor');
            for (let p = 1; p <= 2850; p += 1) expect(clearsFloor(inputs, ebayPublishedFees.schedule, p)).toBe(false);
          } else {
            expect(clearsFloor(inputs, ebayPublishedFees.schedule, answer.price.amountMinor)).toBe(true);
            expect(answer.price.amountMinor).toBeLessThanOrEqual(2850);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('the buyer accepts: the order is the sale, pulled as any eBay sale, matched to the offer with its profit', async () => {
    const user = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
    const sent = (await api(user, 'POST', `/api/items/${itemId}/ebay-offer`, { percent: 10 })).json();
    const ebayOfferId = sent.offer.ebayOfferIds[0];
    const order = (
      await fetch(`${setup.fake.url}/__control/accept-seller-offer`, { method: 'POST', body: JSON.stringify({ offerId: ebayOfferId }) })
    ).json() as Promise<{ orderId: string; lines: { price: string }[] }>;
    expect((await order).lines[0]!.price).toBe('27.00');

    // The pull itself matches the sale to the offer (no read of the offer needed).
    await setup.services.sales.pullSalesOf(user.id, 'ebay');
    const [offer] = await setup.services.channels.ebay.offersToBuyers.offersOfItem(user.id, itemId);
    expect(offer).toMatchObject({ outcome: 'sold', saleId: expect.any(String), soldAt: expect.any(Date) });
    expect(await setup.services.channels.ebay.offersToBuyers.matchSales(user.id)).toBe(0);
    const history = (await api(user, 'GET', `/api/items/${itemId}/ebay-offer?percent=10`)).json().offers;
    expect(history).toEqual([expect.objectContaining({ outcome: 'sold', saleId: offer!.saleId, soldAt: offer!.soldAt!.toISOString() })]);
    const profit = await setup.services.profit.ofItem(user.id, itemId);
    expect(profit.sales).toEqual([expect.objectContaining({ id: offer!.saleId, price: usd(2700) })]);
  });

  it('two sellers are kept apart: each sees only their own eligible listings; another’s item is a 404', async () => {
    const owner = await setup.connectedSeller();
    const other = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(owner, 8);
    setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
    expect((await api(other, 'POST', '/api/ebay/offers', { percent: 10 })).json().results).toEqual([]);
    expect((await api(other, 'GET', `/api/items/${itemId}/ebay-offer?percent=10`)).statusCode).toBe(404);
    expect((await api(other, 'POST', `/api/items/${itemId}/ebay-offer`, { percent: 10 })).statusCode).toBe(404);
    expect(setup.fake.state.negotiation.offers).toEqual([]);
    expect((await api(owner, 'GET', `/api/items/${itemId}/ebay-offer?percent=4`)).statusCode).toBe(400);
  });

  it('the rule: off by default; on, it offers its percent on listings live for its days, and not twice', async () => {
    const user = await setup.connectedSeller();
    expect((await api(user, 'GET', '/api/ebay/offer-rule')).json()).toEqual({
      enabled: false,
      percentOff: 10,
      afterDays: 7,
      askFirst: false,
    });
    const { listingId } = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
    const offers = setup.services.channels.ebay.offersToBuyers;
    expect((await api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 20, afterDays: 7 })).statusCode).toBe(200);
    // Listed today: not yet 7 days.
    expect(await offers.runRule(user.id)).toEqual([]);
    await api(user, 'PUT', '/api/ebay/offer-rule', { enabled: true, percentOff: 20, afterDays: 0 });
    const [result] = await offers.runRule(user.id);
    expect(result).toMatchObject({ status: 'sent', offer: { priceMinor: 2400, trigger: 'rule' } });
    expect(await offers.runRule(user.id)).toEqual([expect.objectContaining({ status: 'skipped', reason: 'too-soon' })]);
  });

  it('a typed price: sent exactly, never raised; refused under the floor, when not 5% under, in another currency', async () => {
    const user = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(user, 8);
    setup.fake.state.negotiation.watch(listingId, ['ann_buys']);
    const preview = (await api(user, 'GET', `/api/items/${itemId}/ebay-offer?percent=10`)).json();
    expect(preview).toMatchObject({ interest: 'interested', highestPrice: usd(2850), price: usd(2700) });
    const send = async (price: object) => (await api(user, 'POST', `/api/items/${itemId}/ebay-offer`, { price })).json();
    expect(await send(usd(900))).toMatchObject({ status: 'skipped', reason: 'under-floor' });
    expect(await send(usd(2851))).toMatchObject({ status: 'skipped', reason: 'not-enough-off' });
    const euro = await api(user, 'POST', `/api/items/${itemId}/ebay-offer`, { price: { amountMinor: 2000, currency: 'EUR' } });
    expect(euro.statusCode).toBe(400);
    const both = await api(user, 'POST', `/api/items/${itemId}/ebay-offer`, { percent: 10, price: usd(2000) });
    expect(both.statusCode).toBe(400);
    expect(setup.fake.state.negotiation.offers).toEqual([]);
    expect(await send(usd(2599))).toMatchObject({
      status: 'sent',
      offer: { price: usd(2599), raisedToFloor: false, percentOffBasisPoints: 1336 },
    });
    expect(setup.fake.state.negotiation.offers.map((o) => o.price.value)).toEqual(['25.99']);
  });

  it('a listing with no watchers says so in the preview', async () => {
    const user = await setup.connectedSeller();
    const { itemId } = await liveItem(user, 8);
    expect((await api(user, 'GET', `/api/items/${itemId}/ebay-offer?percent=10`)).json()).toMatchObject({ interest: 'none' });
  });

  it('matching: a sale takes the offer on its item at its price while it was open; not another price, before or after it', async () => {
    const user = await setup.connectedSeller();
    const { itemId, listingId } = await liveItem(user, 8);
    const sentAt = new Date(Date.now() - 3 * 86_400_000);
    const expiresAt = new Date(sentAt.getTime() + 2 * 86_400_000);
    const [offer] = await db()
      .insert(ebayBuyerOffers)
      .values({
        userId: user.id,
        itemId,
        listingId,
        listingPriceMinor: 3000,
        priceMinor: 2700,
        currency: 'USD',
        percentOffBasisPoints: 1000,
        trigger: 'seller',
        outcome: 'sent',
        sentAt,
        expiresAt,
      })
      .returning();
    let line = 0;
    const sale = (priceMinor: number, soldAt: Date) =>
      db()
        .insert(sales)
        .values({
          userId: user.id,
          itemId,
          channel: 'ebay',
          externalOrderId: `match-${++line}`,
          externalLineId: '1',
          priceMinor,
          currency: 'USD',
          soldAt,
        })
        .returning()
        .then(([row]) => row!);
    const offers = setup.services.channels.ebay.offersToBuyers;
    await sale(2700, new Date(sentAt.getTime() - 1000)); // before the offer
    await sale(2700, new Date(expiresAt.getTime() + 1000)); // after it lapsed
    await sale(2800, new Date(sentAt.getTime() + 1000)); // another price
    expect(await offers.matchSales(user.id)).toBe(0);
    const right = await sale(2700, new Date(sentAt.getTime() + 60_000));
    expect(await offers.matchSales(user.id)).toBe(1);
    const [matched] = await offers.offersOfItem(user.id, itemId);
    expect(matched).toMatchObject({ id: offer!.id, outcome: 'sold', saleId: right.id, soldAt: right.soldAt });
  });
});
