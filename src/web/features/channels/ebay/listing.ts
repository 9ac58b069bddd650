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
 * The price eBay gets: the eBay listing's own price, else the item's asking price (eBay takes no price
 * rule). The asking price is read from the item, not from the entry's server-computed price: a regeneration moves
 * the asking price by an event, and the entry's copy would stay the old one until the item is read again.
 */
export function ebayPriceOf(item: Pick<ListedItem, 'listings' | 'aiSuggestedPrice'>): Money | null {
  const listing = ebayListingOf(item);
  return listing?.ownPrice && listing.price ? listing.price : item.aiSuggestedPrice;
}
