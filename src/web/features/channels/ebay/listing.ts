import type { Money } from '@shared/domain/money';
import { ebayCategoryOf, ebayListingOf, ebayPublishStateOf, type EbayPublishState } from '@shared/contracts/ebay-listing';
import type { ListedItem } from '@shared/contracts/items';

/**
 * eBay's screens read the item's eBay entry in `listings` (the item view's uniform per-channel entries) through
 * here: its publish state (null while neither saved nor sent), the category and condition it names, its price.
 */
export { ebayCategoryOf, ebayListingOf, type EbayPublishState };
export const ebayPublishOf = ebayPublishStateOf;

/**
 * The price eBay gets: the server's `channelPriceOf` in the eBay entry (the listing's own price, else the asking
 * price through the seller's eBay rule); without an eBay entry, the item's asking price (no listing row yet, so no
 * price the server worked out). A regeneration that moves the asking price sends an item event, and the item is then
 * read again whole, its entries with it.
 */
export function ebayPriceOf(item: Pick<ListedItem, 'listings' | 'aiSuggestedPrice'>): Money | null {
  return ebayListingOf(item)?.price ?? item.aiSuggestedPrice;
}
