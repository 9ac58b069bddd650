import { toDecimal } from '@shared/domain/money';
import { ebayCategoryOf, ebayListingOf, ebayPublishStateOf, type EbayPublishState } from '@shared/contracts/ebay-listing';
import type { ListedItem } from '@shared/contracts/items';

/**
 * eBay's screens read the item's eBay entry in `listings` (the item view's uniform per-channel entries) through
 * here: its publish state (null while neither saved nor sent), the category and condition it names, its price.
 */
export { ebayCategoryOf, ebayListingOf, type EbayPublishState };
export const ebayPublishOf = ebayPublishStateOf;

/**
 * The price eBay gets, as a decimal: the server's `channelPriceOf` in the eBay entry (its own price, else the asking
 * price); without an eBay listing yet, the item's asking price.
 */
export function ebayPriceOf(item: Pick<ListedItem, 'listings' | 'aiSuggestedPrice'>): number | null {
  const price = ebayListingOf(item)?.price;
  return price ? toDecimal(price) : item.aiSuggestedPrice;
}
