/**
 * Offers to the buyers who liked a seller's Depop product: likes are Depop's interested buyers. The seller's
 * rule gives the offer a percent off the listing price, raised to the least price that clears the profit floor and
 * never less than 5 % under the price (Depop's least, as eBay's), none for an item with no cost. Not asking first:
 * Depop sends it itself an hour after each like, at the product's `auto_send_offer_price` (set when the product is
 * written). Asking first: each liked product's offer waits in the week's plan, and once approved goes to every buyer
 * still waiting through Depop's offer endpoint, at the price the seller saw, held to the floor again.
 */
import { MAX_OFFER_PERCENT, MIN_OFFER_PERCENT, offerAtPrice, offerPrice, type TypedOfferRefusal } from '@shared/domain/offer-price';
import { money, type Money } from '@shared/domain/money';
import { profitFloor } from '@shared/domain/profit-floor';
import type { DepopOfferRule, DepopLikesOfItem } from '@shared/contracts/depop';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../jobs/clock';
import type { ChannelFloorBasis } from '../../../profit-floor/service';
import type { OfferLeftOut, PlannedOffer, PlannedOfferOutcome, PlannedOfferPrice } from '../../channel-module';
import type { DepopAccountService } from '../account/service';
import { DepopApiError, DepopUnreachableError } from '../api/depop-errors';
import { reviseLiveListingOn } from '../../../listing-changes/listing-changes';
import { ownedItemIds } from '../../../items/item-writer';
import {
  deleteUnofferedLike,
  insertLike,
  itemOfDepopProduct,
  likesOfItem,
  liveDepopItemIds,
  liveLikedProducts,
  markOffered,
  ruleRowOf,
  rulesOn,
  saveRuleRow,
  waitingLikers,
  type LiveLikedProduct,
} from './repo';
import { fanOutStarted, fanOutSummary, runFanOut } from '../../../fan-out/fan-out';

/** Depop sends an automatic offer this long after the like (the document's "fixed 1h delay"). */
export const AUTO_OFFER_DELAY_MS = 60 * 60 * 1000;

export const defaultDepopOfferRule: DepopOfferRule = { enabled: false, percentOff: 10, askFirst: true };

export interface DepopOffersDeps {
  db: Db;
  account: Pick<DepopAccountService, 'session'>;
  /** The profit floor's inputs and Depop's fee schedule for an item (ProfitFloorService.basisOn). */
  floor: { basisOn(userId: string, itemId: string, channel: 'depop'): Promise<ChannelFloorBasis> };
  clock: Pick<Clock, 'now'>;
}

/** Why an approved offer was not sent, in the seller's words. */
const refusedWords: Record<TypedOfferRefusal['kind'], string> = {
  'no-cost': 'No cost entered: no offer below its price',
  'under-floor': 'The price is now under your floor: not sent',
  'not-enough-off': 'The price is no longer at least 5% under the listing price: not sent',
  'currency-mismatch': 'The profit floor settings are in another currency than this item: not sent',
  'not-a-price': 'Not a price: not sent',
};

const ruleSummary = (rule: DepopOfferRule) => `${rule.percentOff}% off to likers${rule.askFirst ? ' · ask me first' : ''}`;

export function createDepopOffersService({ db, account, floor, clock }: DepopOffersDeps) {
  async function rule(userId: string): Promise<DepopOfferRule> {
    const row = await ruleRowOf(db, userId);
    return row ? { enabled: row.enabled, percentOff: row.percentOff, askFirst: row.askFirst } : defaultDepopOfferRule;
  }

  async function setRule(userId: string, next: DepopOfferRule): Promise<DepopOfferRule> {
    if (!Number.isInteger(next.percentOff) || next.percentOff < MIN_OFFER_PERCENT || next.percentOff > MAX_OFFER_PERCENT)
      throw new AppError('VALIDATION_FAILED', `The percent off must be a whole number from ${MIN_OFFER_PERCENT} to ${MAX_OFFER_PERCENT}`);
    const before = await rule(userId);
    const automatic = (r: DepopOfferRule) => (r.enabled && !r.askFirst ? r.percentOff : null);
    await db.transaction(async (tx) => {
      await saveRuleRow(tx, userId, next);
      // The products' automatic offer follows the rule: each live one is rewritten when it changes.
      if (automatic(before) !== automatic(next))
        for (const itemId of await liveDepopItemIds(tx, userId)) await reviseLiveListingOn(tx, userId, itemId, 'depop');
    });
    return next;
  }

  /** The item's floor on Depop; null when the seller's floor settings are in another currency (no offer then). */
  async function basisOrNull(userId: string, itemId: string): Promise<ChannelFloorBasis | null> {
    try {
      return await floor.basisOn(userId, itemId, 'depop');
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT') return null;
      throw err;
    }
  }

  /** The rule's offer from a listing price, priced against the item's floor on Depop; null: no offer from there. */
  function pricer(basis: ChannelFloorBasis, percent: number, currency: string) {
    return (fromMinor: number): PlannedOfferPrice | null => {
      if (!basis.schedule) return null;
      const price = offerPrice(fromMinor, percent, basis.inputs, basis.schedule);
      if (price.kind !== 'offer') return null;
      return {
        from: money(fromMinor, currency),
        price: money(price.priceMinor, currency),
        profit: money(price.profitMinor, currency),
        raisedToFloor: price.raisedToFloor,
      };
    };
  }

  /**
   * The product's `auto_send_offer_price` as the seller's rule gives it now: only when the rule is on and does not ask
   * first, and only a price that clears the floor; null: Depop sends no automatic offer.
   */
  async function autoSendPrice(userId: string, itemId: string, listingPrice: Money): Promise<Money | null> {
    const current = await rule(userId);
    if (!current.enabled || current.askFirst) return null;
    const basis = await basisOrNull(userId, itemId);
    return basis ? (pricer(basis, current.percentOff, listingPrice.currency)(listingPrice.amountMinor)?.price ?? null) : null;
  }

  /** A like or an unlike from Depop's signed webhook, for the seller's item listed with that product; false: not ours. */
  async function recordLike(userId: string, like: { productId: string; likerId: string; liked: boolean; at: Date }): Promise<boolean> {
    const itemId = await itemOfDepopProduct(db, userId, like.productId);
    if (!itemId) return false;
    if (like.liked) await insertLike(db, { userId, itemId, likerId: like.likerId, likedAt: like.at });
    else await deleteUnofferedLike(db, userId, itemId, like.likerId);
    return true;
  }

  /**
   * The offers the rule will make in the next `days` (the selling plan): one per live liked product with buyers
   * waiting. Asking first: due now, waiting for approval. Not asking: Depop's own, due an hour after the last like
   * (only likes of the last hour: older ones have had theirs). `leftOut`: the liked products the rule makes no offer
   * for because no cost is entered (the plan lists them with its drops left out).
   */
  async function plannedAndLeftOut(userId: string, days: number): Promise<{ offers: PlannedOffer[]; leftOut: OfferLeftOut[] }> {
    const current = await rule(userId);
    if (!current.enabled) return { offers: [], leftOut: [] };
    const now = clock.now();
    const offers: PlannedOffer[] = [];
    const leftOut: OfferLeftOut[] = [];
    for (const product of await liveLikedProducts(db, userId)) {
      if (!product.waiting || !product.lastLikedAt || !product.priceMinor) continue;
      const due = current.askFirst ? now : product.lastLikedAt.getTime() + AUTO_OFFER_DELAY_MS;
      if (due < now || due > now + days * 24 * 60 * 60 * 1000) continue;
      const basis = await basisOrNull(userId, product.itemId);
      if (!basis) continue;
      if (basis.inputs.costMinor === null) {
        leftOut.push({ itemId: product.itemId, reason: 'no-cost', message: refusedWords['no-cost'] });
        continue;
      }
      const pricedFrom = pricer(basis, current.percentOff, product.currency);
      const priced = pricedFrom(product.priceMinor);
      if (!priced || !basis.schedule) continue;
      const floorOf = profitFloor(basis.inputs, basis.schedule);
      offers.push({
        itemId: product.itemId,
        dueAt: new Date(due),
        ...priced,
        floor: floorOf.kind === 'floor' ? money(floorOf.floorMinor, product.currency) : null,
        pricedFrom,
        round: product.offered,
        asksFirst: current.askFirst,
        ruleSummary: ruleSummary(current),
      });
    }
    return { offers, leftOut };
  }

  /**
   * An offer the seller approved in the plan: to every buyer who liked the product and has had none, at the price the
   * seller saw, held again to the floor and Depop's 5 %. One fan-out per plan action (`runKey`): each buyer's offer is
   * recorded before the next goes, so a restart resumes with the buyers left and none gets two. Depop cannot be asked
   * whether an offer went out, nor sent one twice as once: a buyer whose offer was under way at a stop counts as sent.
   */
  async function sendPlanned(userId: string, itemId: string, price: Money, runKey: string): Promise<PlannedOfferOutcome> {
    const fanOut = { db, userId, kind: 'depop-offer-to-likers', runKey } as const;
    const started = await fanOutStarted(db, fanOut);
    const [product] = await liveLikedProducts(db, userId, [itemId]);
    const refusal = await refusalOf(userId, itemId, price, product);
    if (!started && refusal) return { sent: false, message: refusal };
    const likers = refusal ? [] : await waitingLikers(db, userId, itemId);
    if (!started && !likers.length) return { sent: false, message: 'No one who liked it is waiting for an offer' };
    const s = refusal ? null : await account.session(userId);
    const result = await runFanOut({
      ...fanOut,
      recipients: likers,
      inDoubt: { countAsSent: 'The app stopped while Depop was answering: counted as sent, not sent again' },
      async send(likerId) {
        if (!s || !product) return { sent: false, reason: refusal ?? 'The product is no longer live on Depop' };
        try {
          await s.client.sendOfferBySku(s.accessToken, product.sku, { recipientId: Number(likerId), price });
          return { sent: true };
        } catch (err) {
          if (!(err instanceof DepopApiError) && !(err instanceof DepopUnreachableError)) throw err;
          return { sent: false, reason: `Depop refused the offer: ${err.message}` };
        }
      },
      onOutcome: async (tx, likerId, outcome) => {
        if (outcome.sent) await markOffered(tx, userId, itemId, likerId, new Date(clock.now()), price.amountMinor, price.currency);
      },
    });
    return { sent: result.sent.length > 0, message: fanOutSummary(result, 'buyers') };
  }

  /** Why an approved offer may not go now (the product, its currency, the floor), or null. */
  async function refusalOf(userId: string, itemId: string, price: Money, product: LiveLikedProduct | undefined): Promise<string | null> {
    if (!product?.priceMinor) return 'The product is no longer live on Depop';
    if (price.currency !== product.currency) return `The product is now in ${product.currency}`;
    const basis = await basisOrNull(userId, itemId);
    if (!basis) return refusedWords['currency-mismatch'];
    if (!basis.schedule) return 'Depop’s fees are not known: not sent';
    const checked = offerAtPrice(product.priceMinor, price.amountMinor, basis.inputs, basis.schedule);
    return checked.kind === 'offer' ? null : refusedWords[checked.kind];
  }

  /** Another seller's item: 404. */
  async function likesOf(userId: string, itemId: string): Promise<DepopLikesOfItem> {
    if (!(await ownedItemIds(db, userId, [itemId])).length) throw new AppError('NOT_FOUND', 'Item not found');
    const rows = await likesOfItem(db, userId, itemId);
    return {
      likes: rows.length,
      offered: rows.filter((row) => row.offeredAt).length,
      lastOffer:
        rows
          .filter((row) => row.offeredAt && row.offerPriceMinor !== null && row.offerCurrency)
          .map((row) => ({ price: money(row.offerPriceMinor!, row.offerCurrency!), at: row.offeredAt!.toISOString() }))
          .sort((a, b) => b.at.localeCompare(a.at))[0] ?? null,
    };
  }

  return {
    rule,
    setRule,
    autoSendPrice,
    recordLike,
    planned: async (userId: string, days: number) => (await plannedAndLeftOut(userId, days)).offers,
    leftOut: async (userId: string, days: number) => (await plannedAndLeftOut(userId, days)).leftOut,
    sendPlanned,
    likesOf,
    sellersAskingFirst: async () => (await rulesOn(db)).filter((row) => row.askFirst).map((row) => row.userId),
  };
}

export type DepopOffersService = ReturnType<typeof createDepopOffersService>;
