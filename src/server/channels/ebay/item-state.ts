import { decimalOrNull, defaultCurrency } from '@shared/domain/money';
import type { ItemPublishState } from '@shared/contracts/items';
import type { ChannelListingStatus, ListingChange } from '@shared/domain/channel-listing';
import type { ListedAs } from '@shared/domain/readiness';
import { ebayItemFieldsOf, publishStatusOf, showsAsPublishState, type EbayItemFields } from './listing-data';

/** The item's eBay listing as the item's read answers it beside the item (any channel's listing has these). */
export interface EbayListingSummary {
  status: ChannelListingStatus | string;
  url: string | null;
  error: string | null;
  priceMinor: number | string | null;
  currency: string | null;
  quantity: number | null;
  change: ListingChange | string | null;
  data: unknown;
}

/**
 * What the item's contract still says of its eBay listing: its publish state (null while the seller neither saved
 * Publish Settings nor sent it) and the category and condition eBay lists it under. eBay's mapping, here in eBay's
 * folder; the item mapper (items/item-mapper.ts) hands it the item's eBay listing, or null.
 */
export function ebayItemStateOf(listing: EbayListingSummary | null): EbayItemFields & { publish: ItemPublishState | null } {
  const publish =
    listing && showsAsPublishState(listing.status, listing.data)
      ? {
          status: publishStatusOf(listing.status),
          listingUrl: listing.url,
          error: listing.error,
          price: decimalOrNull(listing.priceMinor === null ? null : Number(listing.priceMinor), listing.currency ?? defaultCurrency),
          quantity: listing.quantity ?? 1,
          change: (listing.change as ListingChange | null) ?? null,
        }
      : null;
  return { publish, ...ebayItemFieldsOf(listing?.data ?? null) };
}

/** What the item's eBay listing names it as: its eBay category and condition grade (the item's own come first). */
export const ebayListedAsOf = (fields: EbayItemFields): ListedAs => ({
  categoryId: fields.ebayCategoryId,
  categoryName: fields.ebayCategoryName,
  condition: fields.ebayConditionGrade,
});

/** The same, from the eBay listing's data. */
export const ebayListedAsOfData = (data: unknown): ListedAs => ebayListedAsOf(ebayItemFieldsOf(data));
