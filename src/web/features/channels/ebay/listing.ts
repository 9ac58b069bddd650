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
 * The price eBay gets: the server's `channelPriceOf` in the eBay entry (the listing's own price, else the item's price
 * through the seller's eBay rule); without an eBay entry, the server's price of the item (no listing row yet). A
 * regeneration that moves the price sends an item event, and the item is then read again whole, its entries with it.
 */
export function ebayPriceOf(item: Pick<ListedItem, 'listings' | 'price'>): Money | null {
  return ebayListingOf(item)?.price ?? item.price;
}

/** What set the price eBay gets, as the server names it. */
export function ebayPriceSourceOf(item: Pick<ListedItem, 'listings' | 'priceSource' | 'priceBasis'>) {
  const listing = ebayListingOf(item);
  return listing?.price ? { source: listing.priceSource, basis: listing.priceBasis } : { source: item.priceSource, basis: item.priceBasis };
}
