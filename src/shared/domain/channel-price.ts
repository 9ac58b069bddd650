/**
 * The price a channel gets (decision 121): one function, called by every path that sets, shows or sends a
 * price. Its order, written once:
 *   1. the seller's own price for that channel (set by them, a planned drop they approved, or as imported); a price
 *      the listing merely went out at is not one: a live listing takes the item's new price like any other;
 *   2. the seller's asking price for the item;
 *   3. the price the app already decided for this listing (the autopilot's, a publish's) and kept on it;
 *   4. the seller's pricing rule: the AI's suggested price, or the comparables' median with the rule's percent;
 *   5. the seller's price list;
 *   6. the comparables (a rule on the AI's price with no AI price).
 * The channel's own price rule ("+10% on Poshmark") goes over 2 and 4-6. What was suggested is kept apart from what the
 * seller set, and the answer names which one priced the listing.
 */
import type { ChannelListingStatus } from './channel-listing';
import { money, percentOff, type Money } from './money';
import type { PriceByList } from './price-list';
import { applyPriceRule, describePriceRule, type PriceRule } from './price-rule';

/** What set a listing's price. */
export const priceSources = ['seller', 'item', 'ai', 'comparables', 'price-list', 'drop', 'import'] as const;
export type PriceSource = (typeof priceSources)[number];

/** The seller's words for each source, as the card and the listing say which one priced it. */
export const priceSourceWords: Record<PriceSource, string> = {
  seller: 'Your price for this marketplace',
  item: 'Your price',
  ai: "The AI's suggested price",
  comparables: 'From the comparables',
  'price-list': 'Your price list',
  drop: 'Your plan’s price drop',
  import: 'As listed on the marketplace',
};

/** Prices that are the seller's own (set or approved by them): taken as they are, floor or not, once confirmed. */
export const sellerSources: readonly PriceSource[] = ['seller', 'item', 'drop', 'import'];

/**
 * A listing's stored price that stands as it is: the seller's own for that marketplace. What a listing went out at
 * (the AI's price, the price list's, the item's then) is not: a change of the item's price reaches it.
 */
const pinnedSources: readonly PriceSource[] = ['seller', 'drop', 'import'];

/** What the seller's pricing rule prices by when they set no price: the AI's suggestion, or the comparables. */
export interface PricingRule {
  basis: 'ai' | 'comparables';
  /** Added to (or, negative, taken from) the comparables' median. */
  percent: number;
}

/** The rule every path but the autopilot's takes: the AI's price, else the price list (the comparables never asked). */
export const suggestedPriceRule: PricingRule = { basis: 'ai', percent: 0 };

export interface StoredListingPrice {
  priceMinor: number | null;
  currency: string;
  /** Null: a row from before sources were kept, taken as the listing's own. */
  priceSource: PriceSource | null;
  /** The basis in words it was decided on ("Median of 12 sold on eBay −10%"); absent: the source's words. */
  priceBasis?: string | null;
  /** Where the listing is (not read by the order: a live listing is priced as a draft is). */
  status?: ChannelListingStatus | null;
}

export interface ItemPrices {
  /** The seller's own asking price. */
  askingPriceMinor: number | null;
  /** The AI's suggestion. */
  aiSuggestedPriceMinor: number | null;
  currency: string;
}

/** The comparables' median and how it reads ("Median of 12 sold on eBay"); null: there are none. */
export interface ComparablesPrice {
  median: Money;
  basis: string;
}

export interface ChannelPriceInputs {
  listing: StoredListingPrice | null | undefined;
  item: ItemPrices;
  /** The seller's rule for this channel ("+10%, rounded to .99"). */
  channelRule?: PriceRule | null;
  /** The seller's pricing rule (the autopilot's); absent: the AI's price, else the price list, no comparables. */
  pricing?: PricingRule;
  listPrice?: PriceByList | null;
  /** Decide again: a price the app decided for the listing before is not kept (the autopilot's next check). */
  redecide?: boolean;
  /** The comparables, when the path asked for them; undefined: not asked (none are read then). */
  comparables?: ComparablesPrice | null;
}

export interface ChannelPrice {
  price: Money;
  source: PriceSource;
  /** In words: "Your price", "Your price list: Mens Jeans $28.00 · +10%". */
  basis: string;
}

/** No price: `needs` says the comparables would decide it and were not asked. */
export type ChannelPriceAnswer = ChannelPrice | { needs: 'comparables' } | null;

const ruleWords = (rule: PriceRule | null | undefined) =>
  rule && (rule.percent !== 0 || rule.rounding !== 'none') ? ` · ${describePriceRule(rule)}` : '';

/** The listing's stored price when it stands as it is, else null. */
export function pinnedPriceOf(listing: StoredListingPrice | null | undefined): ChannelPrice | null {
  if (!listing || listing.priceMinor == null) return null;
  const source = listing.priceSource;
  if (source != null && !pinnedSources.includes(source)) return null;
  const price = money(listing.priceMinor, listing.currency);
  const from = source ?? 'seller';
  return { price, source: from, basis: listing.priceBasis ?? priceSourceWords[from] };
}

/** A price the app decided for the listing before (not the seller's, not sent yet): kept until the seller names one. */
function decidedPriceOf(listing: StoredListingPrice | null | undefined): ChannelPrice | null {
  if (!listing || listing.priceMinor == null || listing.priceSource == null) return null;
  const basis = listing.priceBasis ?? priceSourceWords[listing.priceSource];
  return { price: money(listing.priceMinor, listing.currency), source: listing.priceSource, basis };
}

function byComparables(comparables: ComparablesPrice, percent: number): { price: Money; basis: string } {
  const adjusted = percent ? ` ${percent > 0 ? '+' : '−'}${Math.abs(percent)}%` : '';
  return { price: percentOff(comparables.median, -percent), basis: `${comparables.basis}${adjusted}` };
}

/** The price a channel gets, and what set it; or why there is none yet. The one place this order is written. */
export function channelPrice(inputs: ChannelPriceInputs): ChannelPriceAnswer {
  const pinned = pinnedPriceOf(inputs.listing);
  if (pinned) return pinned;
  const { item, channelRule, listPrice } = inputs;
  const pricing = inputs.pricing ?? suggestedPriceRule;
  const ruled = (base: Money | null, source: PriceSource, basis: string): ChannelPrice | null => {
    const price = applyPriceRule(base, channelRule);
    return price ? { price, source, basis: `${basis}${ruleWords(channelRule)}` } : null;
  };
  const asking = item.askingPriceMinor == null ? null : money(item.askingPriceMinor, item.currency);
  const fromItem = ruled(asking, 'item', priceSourceWords.item);
  if (fromItem) return fromItem;
  const decided = inputs.redecide ? null : decidedPriceOf(inputs.listing);
  if (decided) return decided;

  // A price in another currency than the item's is never taken as one in it (a US price list for a UK seller's item).
  const fromList = () =>
    listPrice && listPrice.currency === item.currency
      ? ruled(money(listPrice.amountMinor, listPrice.currency), 'price-list', listPrice.basis)
      : null;
  const fromComparables = (percent: number): ChannelPriceAnswer => {
    if (inputs.comparables === undefined) return { needs: 'comparables' };
    if (inputs.comparables === null || inputs.comparables.median.currency !== item.currency) return null;
    const found = byComparables(inputs.comparables, percent);
    return ruled(found.price, 'comparables', found.basis);
  };

  if (pricing.basis === 'comparables') {
    const found = fromComparables(pricing.percent);
    if (found && 'needs' in found) return found;
    return found ?? fromList();
  }
  const suggested = item.aiSuggestedPriceMinor == null ? null : money(item.aiSuggestedPriceMinor, item.currency);
  const found = ruled(suggested, 'ai', priceSourceWords.ai) ?? fromList();
  if (found) return found;
  // Only a path that prices by a rule of its own (the autopilot's) goes on to the comparables.
  return inputs.pricing ? fromComparables(pricing.percent) : null;
}

/**
 * What prices a product under the seller's pricing rule when they set no price, in `channelPrice`'s order, as the
 * autopilot's summary says it ("At the AI's price" read as if the AI priced what the price list did):
 * "the AI's price, else your price list, else the median of comparable listings".
 */
export function describePricingOrder(pricing: PricingRule): string {
  const median =
    pricing.percent === 0
      ? 'the median of comparable listings'
      : `the median of comparable listings ${pricing.percent > 0 ? 'plus' : 'minus'} ${Math.abs(pricing.percent)}%`;
  return pricing.basis === 'comparables' ? `${median}, else your price list` : `the AI's price, else your price list, else ${median}`;
}

/** `channelPrice` where the comparables were not asked: a price, or null. */
export function knownChannelPrice(inputs: ChannelPriceInputs): ChannelPrice | null {
  const answer = channelPrice(inputs);
  return answer && 'price' in answer ? answer : null;
}
