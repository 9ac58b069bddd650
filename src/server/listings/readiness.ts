import { checkListing, listingReadyScore } from '@shared/domain/readiness';

/** The seller's side of an item as readiness reads it. */
export interface ItemFacts {
  category: string | null;
  condition: string | null;
  brand: string | null;
}

/** The listing's side: what the AI wrote (or the seller edited) and how it categorised the item. */
export interface ListingFacts {
  title: string;
  description: string;
  ebayCategoryId: string | null;
  ebayCategoryName: string | null;
  ebayConditionGrade: string | null;
  extractedBrand: string | null;
}

/**
 * listing_ready and the publish-ready score of a listing: the one place its readiness inputs are assembled
 * (generation, inline edits, and later publishing all ask here).
 */
export function assessReadiness(item: ItemFacts, listing: ListingFacts, imageCount: number): { listingReady: boolean; score: number } {
  const readiness = checkListing({
    title: listing.title,
    description: listing.description,
    imageCount,
    ebayCategoryId: listing.ebayCategoryId,
    category: item.category,
    ebayCategoryName: listing.ebayCategoryName,
    ebayConditionGrade: listing.ebayConditionGrade,
    condition: item.condition,
    brand: listing.extractedBrand ?? item.brand,
  });
  return { listingReady: readiness.isValid, score: listingReadyScore(readiness) };
}
