import { ebayListingPart, type EbayListingPart } from '@shared/contracts/ebay-listing';
import type { ListedAs } from '@shared/domain/readiness';
import { ebayDataOf, ebayItemFieldsOf, type EbayItemFields } from './listing-data';

/**
 * eBay's part of the item's eBay entry in the item view's `listings` (contract: ebayListingPart): the category and
 * condition eBay lists it under, its offer, and whether the seller saved Publish Settings (the listing is then the
 * item's publish state even as a draft). Read from the listing's data, here in eBay's folder; the item view asks
 * for it through eBay's module (`listing.part`).
 */
export function ebayListingPartOf(data: unknown): EbayListingPart {
  const ebay = ebayDataOf(data);
  return ebayListingPart.parse({
    categoryId: ebay.categoryId ?? null,
    categoryName: ebay.categoryName ?? null,
    conditionGrade: ebay.conditionGrade ?? null,
    offerId: ebay.offerId ?? null,
    settingsSaved: ebay.settingsSaved === true,
  });
}

/** What the item's eBay listing names it as: its eBay category and condition grade (the item's own come first). */
export const ebayListedAsOf = (fields: EbayItemFields): ListedAs => ({
  categoryId: fields.ebayCategoryId,
  categoryName: fields.ebayCategoryName,
  condition: fields.ebayConditionGrade,
});

/** The same, from the eBay listing's data. */
export const ebayListedAsOfData = (data: unknown): ListedAs => ebayListedAsOf(ebayItemFieldsOf(data));
