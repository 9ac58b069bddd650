import type { AutopilotReason } from '@shared/contracts/autopilot';
import type { ComparablesResponse } from '@shared/contracts/comparables';
import { formatUsd } from '@shared/domain/listing';

/** What the autopilot prices a product by: its rule, the AI's suggestion, the comparables and the seller's own price. */
export interface PricingInput {
  priceBasis: 'ai' | 'comparables';
  percent: number;
  floor: number | null;
  /** Typed by the seller in the review queue: taken as it is, floor or not. */
  sellerPrice: number | null;
  aiPrice: number | null;
}

/** A price and its basis; or the reason there is none to go out at (with the rule's price when it gave one). */
export type Priced = { price: number; basis: string } | { reason: AutopilotReason; price?: number; basis?: string };

const cents = (value: number) => Math.round(value * 100) / 100;

export const pricingMessages = {
  noAiPrice:
    'No price to go by: the listing was written without one (the offline writer suggests no price). Type a price, or price by comparables.',
  noComparables: 'No comparables on eBay for this item, so there is no basis for a price. Type a price.',
  underFloor: (price: number, floor: number) => `${formatUsd(price)} is under your floor price of ${formatUsd(floor)}.`,
} as const;

/**
 * The price a product goes out at, and what it is based on; or why there is none (never invented). The comparables
 * are asked for only when the rule prices by them.
 */
export async function priceFor(input: PricingInput, comparables: () => Promise<ComparablesResponse | null>): Promise<Priced> {
  if (input.sellerPrice !== null) return { price: cents(input.sellerPrice), basis: 'Your price' };
  let priced: { price: number; basis: string };
  if (input.priceBasis === 'ai') {
    if (input.aiPrice === null || !(input.aiPrice > 0))
      return { reason: { code: 'no-price', channel: null, message: pricingMessages.noAiPrice } };
    priced = { price: cents(input.aiPrice), basis: "The AI's suggested price" };
  } else {
    const answer = await comparables();
    if (!answer || answer.median === null) {
      const message = answer?.noBasis ? `${answer.noBasis} Type a price.` : pricingMessages.noComparables;
      return { reason: { code: 'no-comparables', channel: null, message } };
    }
    const price = cents(answer.median * (1 + input.percent / 100));
    const adjusted = input.percent ? ` ${input.percent > 0 ? '+' : '−'}${Math.abs(input.percent)}%` : '';
    priced = { price, basis: `${answer.basis ?? `Median of ${answer.count} comparables`}${adjusted}` };
  }
  if (input.floor !== null && priced.price < input.floor) {
    return { ...priced, reason: { code: 'under-floor', channel: null, message: pricingMessages.underFloor(priced.price, input.floor) } };
  }
  return priced;
}
