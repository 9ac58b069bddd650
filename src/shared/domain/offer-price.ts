/**
 * The price of an offer to a listing's interested buyers (decision 087): a percent off the listing price,
 * raised to the least price that clears the seller's profit floor (`clearsFloor`, decision 086) when under it, and no
 * offer at all when even that is not at least eBay's least discount (5 %) under the listing price. An item with no
 * cost entered gets no offer (flagged, never treated as free). Money in minor units throughout.
 */
import { percentOff, money } from './money';
import { clearsFloor, leastClearingPrice, profitAt, profitFloor, type FeeSchedule, type FloorInputs } from './profit-floor';

/** eBay's least discount (Negotiation API, OfferedItem.discountPercentage "Minimum: 5"; error 150008). */
export const MIN_OFFER_PERCENT = 5;
/** The most the seller's rule may take off: past this an offer is a give-away, not a nudge. */
export const MAX_OFFER_PERCENT = 90;

export type OfferPrice =
  | {
      kind: 'offer';
      priceMinor: number;
      /** The percent off the listing price the offer gives, in basis points (1 000 = 10 %), after any raise. */
      percentOffBasisPoints: number;
      /** The price the seller's percent gave was under the floor: raised to the least price that clears it. */
      raisedToFloor: boolean;
      profitMinor: number;
    }
  | { kind: 'no-cost' }
  | { kind: 'currency-mismatch' }
  /** Even the least price that clears the floor is not 5 % under the listing price: no offer. */
  | { kind: 'under-floor'; leastClearingMinor: number | null };

/** The highest price eBay takes for an offer: at least 5 % under the listing price. */
export const highestOfferMinor = (listingMinor: number): number => Math.floor((listingMinor * (100 - MIN_OFFER_PERCENT)) / 100);

export function offerPrice(listingMinor: number, percent: number, inputs: FloorInputs, schedule: FeeSchedule): OfferPrice {
  if (!Number.isInteger(listingMinor) || listingMinor <= 0) throw new Error(`offerPrice: bad listing price ${listingMinor}`);
  if (!(percent >= MIN_OFFER_PERCENT && percent <= MAX_OFFER_PERCENT)) throw new Error(`offerPrice: percent ${percent} out of range`);
  const floor = profitFloor(inputs, schedule);
  if (floor.kind === 'no-cost') return { kind: 'no-cost' };
  if (floor.kind === 'currency-mismatch') return { kind: 'currency-mismatch' };
  if (floor.kind === 'unreachable') return { kind: 'under-floor', leastClearingMinor: null };
  const highest = highestOfferMinor(listingMinor);
  const wanted = Math.min(percentOff(money(listingMinor, inputs.currency), percent).amountMinor, highest);
  const price = leastClearingPrice(inputs, schedule, wanted, floor.floorMinor, highest);
  if (price === null) return { kind: 'under-floor', leastClearingMinor: floor.floorMinor };
  return {
    kind: 'offer',
    priceMinor: price,
    percentOffBasisPoints: Math.floor(((listingMinor - price) * 10_000) / listingMinor),
    raisedToFloor: price !== wanted,
    profitMinor: profitAt(inputs, schedule, price)!,
  };
}

/** Why a price the seller typed cannot be offered (checked in the browser as typed, and again by the server). */
export type TypedOfferRefusal =
  | { kind: 'no-cost' }
  | { kind: 'currency-mismatch' }
  /** Zero or less. */
  | { kind: 'not-a-price' }
  /** Not at least 5 % under the listing price (eBay refuses it: 150008, 150016). */
  | { kind: 'not-enough-off'; highestMinor: number }
  /** It fails `clearsFloor`: the least price that clears it, when one does. */
  | { kind: 'under-floor'; floorMinor: number | null; profitMinor: number };

/**
 * An offer at a price the seller typed (not a percent): the same hard limits as `offerPrice`, never raised. It must
 * be a price eBay takes (at least 5 % under the listing price) and clear the floor; no cost entered, no offer.
 */
export function offerAtPrice(
  listingMinor: number,
  priceMinor: number,
  inputs: FloorInputs,
  schedule: FeeSchedule,
): Extract<OfferPrice, { kind: 'offer' }> | TypedOfferRefusal {
  if (inputs.costMinor === null) return { kind: 'no-cost' };
  const floor = profitFloor(inputs, schedule);
  if (floor.kind === 'currency-mismatch') return { kind: 'currency-mismatch' };
  if (!Number.isInteger(priceMinor) || priceMinor <= 0) return { kind: 'not-a-price' };
  const highest = highestOfferMinor(listingMinor);
  if (priceMinor > highest) return { kind: 'not-enough-off', highestMinor: highest };
  const profitMinor = profitAt(inputs, schedule, priceMinor)!;
  if (!clearsFloor(inputs, schedule, priceMinor))
    return { kind: 'under-floor', floorMinor: floor.kind === 'floor' ? floor.floorMinor : null, profitMinor };
  return {
    kind: 'offer',
    priceMinor,
    percentOffBasisPoints: Math.floor(((listingMinor - priceMinor) * 10_000) / listingMinor),
    raisedToFloor: false,
    profitMinor,
  };
}
