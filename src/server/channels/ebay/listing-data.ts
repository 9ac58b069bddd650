import type { PackageWeightAndSize } from '@shared/contracts/publish';

/** What only eBay needs of an item's eBay listing: channel_listings.data where channel = 'ebay'. */
// A type, not an interface: it must fit the jsonb column's Record<string, unknown>.
export type EbayListingData = {
  /** The item's SKU when the listing row was first written (ebay_listings.sku before migration 0011). */
  sku?: string;
  /**
   * The SKU this item created on the seller's eBay account (its eBay SKU prefix + its SKU), kept from the first
   * write so revising and ending use it even after the SKU or the prefix changes. Absent until the item claims one.
   */
  ebaySku?: string | null;
  offerId?: string | null;
  /**
   * eBay listing ids this item's listing had before its current one (ended and forgotten): an order of one of them
   * pulled later (a sale just before the end, a cancellation) is still this seller's. Kept when the listing is forgotten.
   */
  pastListingIds?: string[];
  categoryId?: string | null;
  categoryName?: string | null;
  conditionGrade?: string | null;
  /** The parcel as the seller entered it (Quick Fix), sent as the inventory item's packageWeightAndSize. */
  package?: PackageWeightAndSize | null;
  /**
   * The seller saved Publish Settings or published: the listing shows as the item's publish state. A draft that
   * only holds the category or condition (the AI's, a Quick Fix) does not.
   */
  settingsSaved?: boolean;
  /** An ebay_listings.publish_status without a twin among the statuses (none is written today), kept as it was. */
  publishStatus?: string;
};

/** The data column as eBay's code reads it (jsonb answers an object; a row never written by eBay's code is {}). */
export const ebayDataOf = (data: unknown): EbayListingData => (data && typeof data === 'object' ? (data as EbayListingData) : {});

/** The eBay fields the item's API shape has always carried (contract: ebayCategoryId, ...). */
export interface EbayItemFields {
  ebayCategoryId: string | null;
  ebayCategoryName: string | null;
  ebayConditionGrade: string | null;
}

export const noEbayItemFields: EbayItemFields = { ebayCategoryId: null, ebayCategoryName: null, ebayConditionGrade: null };

export function ebayItemFieldsOf(data: unknown): EbayItemFields {
  const ebay = ebayDataOf(data);
  return {
    ebayCategoryId: ebay.categoryId ?? null,
    ebayCategoryName: ebay.categoryName ?? null,
    ebayConditionGrade: ebay.conditionGrade ?? null,
  };
}

/** The item fields as they land in the listing's data (only the ones given). */
export function ebayDataPatchOf(fields: Partial<EbayItemFields>): EbayListingData {
  const patch: EbayListingData = {};
  if (fields.ebayCategoryId !== undefined) patch.categoryId = fields.ebayCategoryId;
  if (fields.ebayCategoryName !== undefined) patch.categoryName = fields.ebayCategoryName;
  if (fields.ebayConditionGrade !== undefined) patch.conditionGrade = fields.ebayConditionGrade;
  return patch;
}

/** The item's publish status as the API has always said it: one rule with the browser's (contracts/items). */
export { publishStatusOf } from '@shared/contracts/items';
