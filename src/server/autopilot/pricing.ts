import type { AutopilotReason } from '@shared/contracts/autopilot';
import type { ComparablesResponse } from '@shared/contracts/comparables';
import { compareMoney, formatMoney, money, percentOff, type Money } from '@shared/domain/money';
import type { PriceByList } from '@shared/domain/price-list';

/**
 * What the autopilot prices a product by: its rule, the AI's suggestion, the seller's own price list, the comparables
 * and the seller's own price.
 */
export interface PricingInput {
  priceBasis: 'ai' | 'comparables';
  percent: number;
  floor: Money | null;
  /** Typed by the seller in the review queue: taken as it is, floor or not. */
  sellerPrice: Money | null;
  aiPrice: Money | null;
  /** The seller's list's price for this product (issue 42), or null when the list has none for its category. */
  listPrice: PriceByList | null;
}

/** A price and its basis; or the reason there is none to go out at (with the rule's price when it gave one). */
export type Priced = { price: Money; basis: string } | { reason: AutopilotReason; price?: Money; basis?: string };

export const pricingMessages = {
  noAiPrice:
    'No price to go by: the listing was written without one (the offline writer suggests no price), your price list has none for its category, and eBay has no comparables for it. Type a price, or add its category to your price list.',
  noComparables:
    'No comparables on eBay for this item, and your price list has none for its category, so there is no basis for a price. Type a price.',
  underFloor: (price: Money, floor: Money) => `${formatMoney(price)} is under your floor price of ${formatMoney(floor)}.`,
} as const;

type Found = { price: Money; basis: string };

const byList = (list: PriceByList | null): Found | null =>
  list ? { price: money(list.amountMinor, list.currency), basis: list.basis } : null;

/** The comparables' median with the rule's percent, or why there is none. */
async function byComparables(
  percent: number,
  comparables: () => Promise<ComparablesResponse | null>,
): Promise<Found | { noBasis: string | null }> {
  const answer = await comparables();
  if (!answer || answer.median === null) return { noBasis: answer?.noBasis ?? null };
  const adjusted = percent ? ` ${percent > 0 ? '+' : '−'}${Math.abs(percent)}%` : '';
  return {
    // The median (minor units), then the percent through money.ts's one rounding.
    price: percentOff(answer.median, -percent),
    basis: `${answer.basis ?? `Median of ${answer.count} comparables`}${adjusted}`,
  };
}

/**
 * The price a product goes out at, and what it is based on; or why there is none (never invented). The rule's own
 * source first (the AI's price, or the comparables); where it has none, the seller's price list; the AI rule then
 * asks the comparables. The comparables are asked for only when nothing before them gave a price.
 */
export async function priceFor(input: PricingInput, comparables: () => Promise<ComparablesResponse | null>): Promise<Priced> {
  if (input.sellerPrice !== null) return { price: input.sellerPrice, basis: 'Your price' };
  let priced: Found | null = null;
  if (input.priceBasis === 'ai') {
    if (input.aiPrice !== null && input.aiPrice.amountMinor > 0) priced = { price: input.aiPrice, basis: "The AI's suggested price" };
    priced ??= byList(input.listPrice);
    if (!priced) {
      const found = await byComparables(input.percent, comparables);
      if (!('price' in found)) return { reason: { code: 'no-price', channel: null, message: pricingMessages.noAiPrice } };
      priced = found;
    }
  } else {
    const found = await byComparables(input.percent, comparables);
    priced = 'price' in found ? found : byList(input.listPrice);
    if (!priced) {
      const noBasis = 'noBasis' in found ? found.noBasis : null;
      const message = noBasis ? `${noBasis} Your price list has none for its category. Type a price.` : pricingMessages.noComparables;
      return { reason: { code: 'no-comparables', channel: null, message } };
    }
  }
  if (input.floor !== null && priced.price.currency === input.floor.currency && compareMoney(priced.price, input.floor) < 0) {
    return { ...priced, reason: { code: 'under-floor', channel: null, message: pricingMessages.underFloor(priced.price, input.floor) } };
  }
  return priced;
}
