import { assessListing } from '@shared/domain/readiness';

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
 * listing_ready and the stored score of a listing being written (generation, inline edits): the shared rules of
 * spec §5 (assessListing) over the item's fields as they will be saved. No eBay account is involved.
 */
export function assessReadiness(item: ItemFacts, listing: ListingFacts, imageCount: number): { listingReady: boolean; score: number } {
  const { listingReady, score } = assessListing({
    ...item,
    ...listing,
    aiTitle: listing.title,
    aiDescription: listing.description,
    imageCount,
  });
  return { listingReady, score };
}
