import {
  highestOfferMinor,
  MAX_OFFER_PERCENT,
  MIN_OFFER_PERCENT,
  offerAtPrice,
  offerPrice,
  type OfferPrice,
  type TypedOfferRefusal,
} from '@shared/domain/offer-price';
import type { ItemOfferResponse, SendOfferBody } from '@shared/contracts/ebay-offers';
import { money, toDecimalString, type Money } from '@shared/domain/money';
import { profitFloor } from '@shared/domain/profit-floor';
import type { PlannedOffer, PlannedOfferOutcome, PlannedOfferPrice } from '../../channel-module';
import { AppError, notFound } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../jobs/clock';
import type { ChannelFloorBasis } from '../../../profit-floor/service';
import { EbayApiError } from '../api/ebay-api-error';
import type { EbayClient } from '../api/ebay-client';
import { NEGOTIATION_ERRORS, offerDurationMs } from '../api/negotiation-api';
import {
  insertOffer,
  liveEbayListingsOf,
  matchOfferSales,
  offerRoundOf,
  offersOfItem,
  openOfferOn,
  planDecisionOf,
  ruleOf,
  saveRule,
  sellersWithRuleOn,
  type EbayBuyerOfferRow,
  type LiveEbayListing,
} from './repo';
import { sentOfferWire } from './wire';
import { runFanOut, type FanOutOutcome } from '../../../fan-out/fan-out';
import { ebaySiteOfSeller } from '../seller-site';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OfferRule {
  enabled: boolean;
  /** Whole percents off the listing price, 5 (eBay's least) to 90. */
  percentOff: number;
  /** Days a listing has been live before the rule offers on it. */
  afterDays: number;
  /** Ask me first (decision 108): the rule sends nothing itself; its offers wait in the week's plan for approval. */
  askFirst: boolean;
}
export const defaultOfferRule: OfferRule = { enabled: false, percentOff: 10, afterDays: 7, askFirst: false };

/** What one listing's offer comes to, before or instead of sending it. */
export interface OfferPlan {
  itemId: string;
  listingId: string;
  listingPriceMinor: number;
  currency: string;
  price: OfferPrice | TypedOfferRefusal | { kind: 'no-fees' };
}

/** How the offer's price is asked for: a percent off (raised to the floor when under it), or a typed price (never raised). */
export type OfferAsk = { percent: number } | { priceMinor: number };

export type OfferResult =
  | { status: 'sent'; offer: EbayBuyerOfferRow }
  | { status: 'refused'; offer: EbayBuyerOfferRow }
  /** Not sent: no cost entered (flagged), under the floor, no fees known, or an offer still open on the listing. */
  | {
      status: 'skipped';
      itemId: string;
      listingId: string;
      reason: Exclude<OfferPlan['price']['kind'], 'offer'> | 'too-soon';
    };

export interface EbayOffersDeps {
  db: Db;
  client: EbayClient | null;
  account: { withUserToken<T>(userId: string, call: (accessToken: string) => Promise<T>): Promise<T> };
  /** The profit floor's inputs and eBay fee schedule for an item (ProfitFloorService.basisOn): 404 for another's item. */
  floor: { basisOn(userId: string, itemId: string, channel: 'ebay'): Promise<ChannelFloorBasis> };
  clock: Pick<Clock, 'now'>;
}

/** Offers of the rule's run under way at once. */
const OFFERS_AT_ONCE = 4;

/** Why an approved offer of the plan was not sent, in the seller's words. */
const skippedWords: Record<Extract<OfferResult, { status: 'skipped' }>['reason'], string> = {
  'no-cost': 'No cost entered: no offer below its price',
  'under-floor': 'The price is now under your floor: not sent',
  'not-enough-off': 'The price is no longer at least 5% under the listing price: not sent',
  'no-fees': 'eBay’s fees are not known: not sent',
  'currency-mismatch': 'The profit floor settings are in another currency than this item: not sent',
  'not-a-price': 'Not a price: not sent',
  'too-soon': 'An offer is still open on this listing: not sent',
};

/**
 * Offers to the interested buyers of the seller's eBay listings (decision 087), on demand or by the seller's
 * daily rule: a percent off, never a price that fails `clearsFloor`, none for an item with no cost. Every offer sent
 * or refused is recorded, and later the sale it led to.
 */
export function createEbayOffersService({ db, client, account, floor, clock }: EbayOffersDeps) {
  function requireClient(): EbayClient {
    if (!client) throw new AppError('CONFLICT', 'eBay is not configured on this server');
    return client;
  }

  function checkPercent(percent: number) {
    if (!Number.isInteger(percent) || percent < MIN_OFFER_PERCENT || percent > MAX_OFFER_PERCENT)
      throw new AppError('VALIDATION_FAILED', `The percent off must be a whole number from ${MIN_OFFER_PERCENT} to ${MAX_OFFER_PERCENT}`);
  }

  /** The seller's live listings eBay says have interested buyers (findEligibleItems). */
  async function eligible(userId: string): Promise<LiveEbayListing[]> {
    const ebay = requireClient();
    const { marketplaceId } = await ebaySiteOfSeller(db, userId);
    const listingIds = await account.withUserToken(userId, (token) => ebay.negotiation.findEligibleItems(token, marketplaceId));
    return liveEbayListingsOf(db, userId, { listingIds });
  }

  async function planFor(userId: string, listing: LiveEbayListing, ask: OfferAsk): Promise<OfferPlan> {
    const basis = await floor.basisOn(userId, listing.itemId, 'ebay');
    const base = {
      itemId: listing.itemId,
      listingId: listing.listingId,
      listingPriceMinor: listing.priceMinor,
      currency: listing.currency,
    };
    if (!basis.schedule) return { ...base, price: { kind: 'no-fees' } };
    const price =
      'percent' in ask
        ? offerPrice(listing.priceMinor, ask.percent, basis.inputs, basis.schedule)
        : offerAtPrice(listing.priceMinor, ask.priceMinor, basis.inputs, basis.schedule);
    return { ...base, price };
  }

  async function liveListingOf(userId: string, itemId: string): Promise<LiveEbayListing> {
    const [listing] = await liveEbayListingsOf(db, userId, { itemId });
    if (!listing) {
      // Another user's item and an item of one's own with no live eBay listing both answer 404.
      await floor.basisOn(userId, itemId, 'ebay');
      throw notFound('This item has no live eBay listing');
    }
    return listing;
  }

  /** What an offer at this percent would be on the item's eBay listing: its price and profit, or why there is none. */
  async function preview(userId: string, itemId: string, percent: number): Promise<OfferPlan> {
    checkPercent(percent);
    return planFor(userId, await liveListingOf(userId, itemId), { percent });
  }

  /**
   * `resumed`: a send a restart cut short (its fan-out recipient left `sending`). eBay takes one seller offer at a time
   * on a listing, so its "a negotiation is open" answers that the cut send went out: recorded as sent (eBay's answer to
   * it, with its offer ids and buyers, was lost with the process); an open offer the app recorded before the stop is it.
   */
  async function send(
    userId: string,
    listing: LiveEbayListing,
    ask: OfferAsk,
    trigger: 'seller' | 'rule',
    resumed = false,
  ): Promise<OfferResult> {
    const plan = await planFor(userId, listing, ask);
    const skip = (reason: Extract<OfferResult, { status: 'skipped' }>['reason']): OfferResult => ({
      status: 'skipped',
      itemId: listing.itemId,
      listingId: listing.listingId,
      reason,
    });
    if (plan.price.kind !== 'offer') return skip(plan.price.kind);
    const now = new Date(clock.now());
    const open = await openOfferOn(db, userId, listing.listingId, now);
    if (open) return resumed ? { status: 'sent', offer: open } : skip('too-soon');
    const { priceMinor, percentOffBasisPoints, raisedToFloor } = plan.price;
    const { marketplaceId } = await ebaySiteOfSeller(db, userId);
    const record = {
      userId,
      itemId: listing.itemId,
      listingId: listing.listingId,
      listingPriceMinor: listing.priceMinor,
      priceMinor,
      currency: listing.currency,
      percentOffBasisPoints,
      raisedToFloor,
      trigger,
      sentAt: now,
      expiresAt: new Date(now.getTime() + offerDurationMs(marketplaceId)),
    };
    const ebay = requireClient();
    try {
      const offers = await account.withUserToken(userId, (token) =>
        ebay.negotiation.sendOfferToInterestedBuyers(
          token,
          {
            listingId: listing.listingId,
            price: { value: toDecimalString(money(priceMinor, listing.currency)), currency: listing.currency },
          },
          marketplaceId,
        ),
      );
      const ids = offers.flatMap((o) => (o.offerId ? [o.offerId] : []));
      return { status: 'sent', offer: await insertOffer(db, { ...record, ebayOfferIds: ids, buyers: offers.length, outcome: 'sent' }) };
    } catch (error) {
      if (!(error instanceof EbayApiError) || error.httpStatus >= 500 || error.httpStatus === 429) throw error;
      if (resumed && error.has(NEGOTIATION_ERRORS.negotiationOpen))
        return { status: 'sent', offer: await insertOffer(db, { ...record, ebayOfferIds: [], buyers: 0, outcome: 'sent' }) };
      return { status: 'refused', offer: await insertOffer(db, { ...record, outcome: 'refused', error: error.message }) };
    }
  }

  /** The item's eBay listing's offer at a percent (price, profit, or why none), the open offer, and its history. */
  async function itemOffer(userId: string, itemId: string, percent: number): Promise<ItemOfferResponse> {
    checkPercent(percent);
    // The sales pulled since: each sent offer takes the sale it led to before the history is read.
    await matchOfferSales(db, userId);
    const [listing] = await liveEbayListingsOf(db, userId, { itemId });
    if (!listing) {
      await floor.basisOn(userId, itemId, 'ebay'); // another user's item: 404
      const offers = (await offersOfItem(db, userId, itemId)).map(sentOfferWire);
      const none = {
        listingId: null,
        listingPrice: null,
        price: null,
        profit: null,
        raisedToFloor: false,
        openUntil: null,
        highestPrice: null,
        interest: null,
      };
      return { itemId, percent, ...none, reason: 'not-listed', offers };
    }
    const plan = await planFor(userId, listing, { percent });
    const history = await offersOfItem(db, userId, itemId);
    const open = await openOfferOn(db, userId, plan.listingId, new Date(clock.now()));
    const offer = plan.price.kind === 'offer' ? plan.price : null;
    const interest = await interestIn(userId, listing.listingId);
    return {
      itemId,
      listingId: plan.listingId,
      listingPrice: money(plan.listingPriceMinor, plan.currency),
      percent,
      price: offer ? money(offer.priceMinor, plan.currency) : null,
      profit: offer ? money(offer.profitMinor, plan.currency) : null,
      raisedToFloor: offer?.raisedToFloor ?? false,
      reason: offer ? (open ? 'too-soon' : null) : (plan.price.kind as Exclude<OfferPrice['kind'], 'offer'> | 'no-fees'),
      openUntil: open ? open.expiresAt.toISOString() : null,
      highestPrice: money(highestOfferMinor(plan.listingPriceMinor), plan.currency),
      interest,
      offers: history.map(sentOfferWire),
    };
  }

  /**
   * Whether eBay counts the listing among those with interested buyers. eBay out of reach or refusing: `unknown` (the
   * preview still shows the price; the send asks eBay itself).
   */
  async function interestIn(userId: string, listingId: string): Promise<'interested' | 'none' | 'unknown'> {
    if (!client) return 'unknown';
    try {
      const { marketplaceId } = await ebaySiteOfSeller(db, userId);
      const ids = await account.withUserToken(userId, (token) => client.negotiation.findEligibleItems(token, marketplaceId));
      return ids.includes(listingId) ? 'interested' : 'none';
    } catch {
      return 'unknown';
    }
  }

  /** "Send offer" on one item's eBay listing: at a percent off, or at the price the seller typed (in the listing's currency). */
  async function sendForItem(userId: string, itemId: string, body: SendOfferBody): Promise<OfferResult> {
    if (body.percent !== undefined) checkPercent(body.percent);
    const listing = await liveListingOf(userId, itemId);
    if (body.price && body.price.currency !== listing.currency)
      throw new AppError('VALIDATION_FAILED', `The offer's price must be in ${listing.currency}, the listing's currency`);
    const ask: OfferAsk = body.price ? { priceMinor: body.price.amountMinor } : { percent: body.percent! };
    return send(userId, listing, ask, 'seller');
  }

  /** "Send offers" to every listing with interested buyers. */
  /** A send's result as a fan-out outcome: refused and skipped ones with the seller's words. */
  function offerOutcome(result: OfferResult): FanOutOutcome {
    if (result.status === 'sent') return { sent: true };
    if (result.status === 'refused') return { sent: false, reason: result.offer.error ?? 'eBay refused the offer' };
    return { sent: false, reason: skippedWords[result.reason] };
  }

  async function sendToAllEligible(userId: string, percent: number): Promise<OfferResult[]> {
    checkPercent(percent);
    const results: OfferResult[] = [];
    for (const listing of await eligible(userId)) results.push(await send(userId, listing, { percent }, 'seller'));
    return results;
  }

  async function rule(userId: string): Promise<OfferRule> {
    const row = await ruleOf(db, userId);
    return row
      ? { enabled: row.enabled, percentOff: row.percentOff, afterDays: row.afterDays, askFirst: row.askFirst }
      : { ...defaultOfferRule };
  }

  /** Sets the rule; `askFirst` left out is off (the clients written before it). */
  async function setRule(userId: string, next: Omit<OfferRule, 'askFirst'> & { askFirst?: boolean }): Promise<OfferRule> {
    checkPercent(next.percentOff);
    if (!Number.isInteger(next.afterDays) || next.afterDays < 0 || next.afterDays > 365)
      throw new AppError('VALIDATION_FAILED', 'The days listed must be a whole number from 0 to 365');
    const { enabled, percentOff, afterDays, askFirst = false } = next;
    await saveRule(db, userId, { enabled, percentOff, afterDays, askFirst });
    return rule(userId);
  }

  /**
   * The seller's rule, once: its percent to each eligible listing live for at least its days. An offer the seller
   * decided in the week's plan is theirs: rejected, it is not sent; approved, the plan sends it (decision 098). With
   * "ask me first" on, the rule sends nothing itself: its offers wait in the week's plan, and only the approved ones
   * go, sent by the plan (decision 108).
   */
  async function runRule(userId: string): Promise<OfferResult[]> {
    const current = await rule(userId);
    if (!current.enabled || current.askFirst) return [];
    const since = clock.now() - current.afterDays * DAY_MS;
    const due = (await eligible(userId)).filter((listing) => listing.listedAt && listing.listedAt.getTime() <= since);
    // A few listings at once (each its own offer, one listing a request): the paced client keeps eBay's rate, and a
    // listing never has two sends at once.
    const results: OfferResult[] = [];
    let next = 0;
    const runner = async () => {
      while (next < due.length) {
        const listing = due[next++]!;
        const decision = await planDecisionOf(db, userId, listing.itemId, await offerRoundOf(db, userId, listing.itemId));
        if (decision === 'approved' || decision === 'rejected') continue;
        results.push(await send(userId, listing, { percent: current.percentOff }, 'rule'));
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: Math.min(OFFERS_AT_ONCE, due.length) }, runner));
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return results;
  }

  /** The daily run over every seller whose rule is on (the job queue's scheduled task). */
  async function runDaily(): Promise<{ sent: number; failed: { userId: string; error: string }[] }> {
    let sent = 0;
    const failed: { userId: string; error: string }[] = [];
    for (const seller of await sellersWithRuleOn(db)) {
      try {
        sent += (await runRule(seller.userId)).filter((result) => result.status === 'sent').length;
      } catch (error) {
        // One seller's eBay (disconnected, down) does not stop the others'.
        failed.push({ userId: seller.userId, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return { sent, failed };
  }

  /**
   * The offers the seller's rule will send in the next `days` (the selling plan, decision 090): each eligible listing
   * that will have been live the rule's days by then (and whose open offer will have lapsed), at the price the rule
   * gives it (never under the floor), with the floor, the profit and its round. None while the rule is off.
   */
  async function planned(userId: string, days: number): Promise<PlannedOffer[]> {
    const current = await rule(userId);
    if (!current.enabled) return [];
    const now = clock.now();
    const offers: PlannedOffer[] = [];
    for (const listing of await eligible(userId)) {
      if (!listing.listedAt) continue;
      const open = await openOfferOn(db, userId, listing.listingId, new Date(now));
      const due = Math.max(now, listing.listedAt.getTime() + current.afterDays * DAY_MS, open?.expiresAt.getTime() ?? 0);
      if (due > now + days * DAY_MS) continue;
      const basis = await floor.basisOn(userId, listing.itemId, 'ebay');
      const { schedule, inputs } = basis;
      if (!schedule) continue;
      const pricedFrom = (fromMinor: number): PlannedOfferPrice | null => {
        const price = offerPrice(fromMinor, current.percentOff, inputs, schedule);
        if (price.kind !== 'offer') return null;
        return {
          from: money(fromMinor, listing.currency),
          price: money(price.priceMinor, listing.currency),
          profit: money(price.profitMinor, listing.currency),
          raisedToFloor: price.raisedToFloor,
        };
      };
      const priced = pricedFrom(listing.priceMinor);
      if (!priced) continue;
      const floorOf = profitFloor(inputs, schedule);
      offers.push({
        itemId: listing.itemId,
        dueAt: new Date(due),
        ...priced,
        floor: floorOf.kind === 'floor' ? money(floorOf.floorMinor, listing.currency) : null,
        pricedFrom,
        round: await offerRoundOf(db, userId, listing.itemId),
        asksFirst: current.askFirst,
        ruleSummary: `${current.percentOff}% off after ${current.afterDays} days listed${current.askFirst ? ' · ask me first' : ''}`,
      });
    }
    return offers;
  }

  /**
   * An offer the seller approved in the week's plan, sent at the price they saw: held to the floor and eBay's limits
   * again now (a typed price, never raised), so a listing price or cost changed since sends nothing that fails them.
   */
  async function sendPlanned(userId: string, itemId: string, price: Money, runKey: string): Promise<PlannedOfferOutcome> {
    const [listing] = await liveEbayListingsOf(db, userId, { itemId });
    const result = await runFanOut({
      db,
      userId,
      kind: 'ebay-offer-to-watchers',
      runKey,
      // eBay sends the listing's offer to each of its interested buyers itself: the app's recipient is the listing.
      recipients: listing ? [listing.listingId] : [],
      // eBay answers a second send on the listing "a negotiation is open": sent again, that answer says it went.
      inDoubt: { sendAgain: true },
      send: async (_listingId, { again }) => {
        if (!listing) return { sent: false, reason: 'The listing is no longer live on eBay' };
        if (price.currency !== listing.currency) return { sent: false, reason: `The listing is now in ${listing.currency}` };
        return offerOutcome(await send(userId, listing, { priceMinor: price.amountMinor }, 'seller', again));
      },
    });
    if (!result.total) return { sent: false, message: 'The listing is no longer live on eBay' };
    return { sent: result.sent.length > 0, message: result.sent.length ? null : (result.failed[0]?.reason ?? null) };
  }

  return {
    planned,
    sendPlanned,
    /** The sellers whose rule asks first: the plan is worked out for them hourly, so their offers wait there (decision 108). */
    sellersAskingFirst: async () => (await sellersWithRuleOn(db)).filter((row) => row.askFirst).map((row) => row.userId),
    eligible,
    preview,
    itemOffer,
    sendForItem,
    sendToAllEligible,
    rule,
    setRule,
    runRule,
    runDaily,
    offersOfItem: (userId: string, itemId: string) => offersOfItem(db, userId, itemId),
    /** After a sales pull: each sent offer takes the sale it led to. */
    matchSales: (userId: string) => matchOfferSales(db, userId),
  };
}

export type EbayOffersService = ReturnType<typeof createEbayOffersService>;
