import type { AutopilotReason } from '@shared/contracts/autopilot';
import type { ComparablesResponse } from '@shared/contracts/comparables';
import { channelPrice, type ChannelPrice, type ChannelPriceInputs, type ComparablesPrice } from '@shared/domain/channel-price';
import { compareMoney, formatMoney, type Money } from '@shared/domain/money';
import { comparablesFrom } from '@shared/contracts/marketplace-registry';

export const pricingMessages = {
  noAiPrice: `No price to go by: the listing was written without one (the offline writer suggests no price), your price list has none for its category, and ${comparablesFrom.name} has no comparables for it. Type a price, or add its category to your price list.`,
  noComparables: `No comparables on ${comparablesFrom.name} for this item, and your price list has none for its category, so there is no basis for a price. Type a price.`,
  underFloor: (price: Money, floor: Money) => `${formatMoney(price)} is under your floor price of ${formatMoney(floor)}.`,
} as const;

/** The comparables once for the product, however many channels ask (the Browse API is paced and counted). */
export function comparablesOnce(ask: () => Promise<ComparablesResponse | null>) {
  let answer: Promise<{ price: ComparablesPrice | null; noBasis: string | null }> | undefined;
  return () =>
    (answer ??= ask().then((found) =>
      !found || found.median === null
        ? { price: null, noBasis: found?.noBasis ?? null }
        : { price: { median: found.median, basis: found.basis ?? `Median of ${found.count} comparables` }, noBasis: null },
    ));
}

export type Priced = { priced: ChannelPrice } | { reason: AutopilotReason; priced?: ChannelPrice };

/**
 * The autopilot's price on one channel: the one order of `channelPrice` (decision 121), the comparables asked only
 * when it reaches them; or why there is none (never invented). The autopilot's own floor price holds back a price
 * of its rule, never one the seller set.
 */
export async function priceOnChannel(
  inputs: Omit<ChannelPriceInputs, 'comparables'> & Required<Pick<ChannelPriceInputs, 'pricing'>>,
  comparables: ReturnType<typeof comparablesOnce>,
  floorPrice: Money | null,
): Promise<Priced> {
  let answer = channelPrice(inputs);
  let noBasis: string | null = null;
  if (answer && 'needs' in answer) {
    const found = await comparables();
    noBasis = found.noBasis;
    answer = channelPrice({ ...inputs, comparables: found.price });
  }
  if (!answer || 'needs' in answer) {
    if (inputs.pricing.basis === 'ai') return { reason: { code: 'no-price', channel: null, message: pricingMessages.noAiPrice } };
    const message = noBasis ? `${noBasis} Your price list has none for its category. Type a price.` : pricingMessages.noComparables;
    return { reason: { code: 'no-comparables', channel: null, message } };
  }
  const { price, source } = answer;
  const bySeller = source === 'seller' || source === 'item';
  if (!bySeller && floorPrice && floorPrice.currency === price.currency && compareMoney(price, floorPrice) < 0) {
    return { priced: answer, reason: { code: 'under-floor', channel: null, message: pricingMessages.underFloor(price, floorPrice) } };
  }
  return { priced: answer };
}
