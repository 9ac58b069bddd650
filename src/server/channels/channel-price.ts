import { money, type Money } from '@shared/domain/money';
import { priceByList, type PriceList } from '@shared/domain/price-list';
import { applyPriceRule, type PriceRule } from '@shared/domain/price-rule';

/** A listing's own price as stored: minor units in its currency; null when the channel has none of its own. */
export interface OwnPrice {
  priceMinor: number | null;
  currency: string;
}

/** The item's asking price as stored (the AI's suggestion, or the seller's edit of it). */
export interface AskingPrice {
  aiSuggestedPriceMinor: number | null;
  currency: string;
}

/** The item's asking price as Money, or null while it has none. */
export const askingPriceOf = (item: AskingPrice): Money | null =>
  item.aiSuggestedPriceMinor === null ? null : money(item.aiSuggestedPriceMinor, item.currency);

/** A listing's own price as Money, or null. */
export const ownPriceOf = (listing: OwnPrice | null | undefined): Money | null =>
  listing?.priceMinor == null ? null : money(listing.priceMinor, listing.currency);

/**
 * The price a channel gets (DESIGN §10, decision 067): the channel's own price, else the item's asking price through
 * the channel's price rule (none: the same price). The one place this fallback is worked out.
 */
export function channelPriceOf(
  listing: OwnPrice | null | undefined,
  item: AskingPrice | Money | null,
  rule?: PriceRule | null,
): Money | null {
  const own = ownPriceOf(listing);
  if (own) return own;
  const asking = item === null || 'amountMinor' in item ? item : askingPriceOf(item);
  return applyPriceRule(asking, rule);
}

/**
 * The price a channel publishes at (eBay's bulk publish, Etsy, Shopify): `channelPriceOf` over the item's asking
 * price, or, without one, what the seller's own price list gives it (issue 42), through the channel's rule.
 */
export function publishPriceOf(
  listing: OwnPrice | null | undefined,
  item: AskingPrice & { category: string | null; condition: string | null },
  rule: PriceRule | null | undefined,
  priceList: PriceList | null,
): Money | null {
  const listed = priceByList(priceList, item);
  return channelPriceOf(listing, askingPriceOf(item) ?? (listed && money(listed.amountMinor, listed.currency)), rule);
}
