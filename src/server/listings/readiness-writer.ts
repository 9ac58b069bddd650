import { assessListing } from '@shared/domain/readiness';
import { ebayItemFieldsOf, noEbayItemFields } from '../channels/ebay/listing-data';
import type { Db } from '../db/client';
import { readinessInputsOf, saveListingReadiness } from './readiness-repo';

/**
 * The one writer of items.listing_ready and publish_ready_score (DESIGN §10): the listing's own readiness
 * (assessListing, src/shared/domain) over the items as saved, with their eBay listing's category and condition and
 * their photos. Called after any change readiness reads (generation, inline edit, Quick Fix, the seller's
 * category, condition or brand), in that change's transaction. Only a written listing (generation completed) has
 * a readiness; a deleted one is reset to not ready with the other AI fields (listings/repo.ts resetListings).
 */
export async function writeListingReadiness(tx: Db, userId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const rows = await readinessInputsOf(tx, userId, itemIds);
  for (const { id, ebay, imageCount, ...item } of rows) {
    const ebayFields = ebay ? ebayItemFieldsOf(ebay) : noEbayItemFields;
    await saveListingReadiness(tx, userId, id, assessListing({ ...item, ...ebayFields, imageCount: Number(imageCount) }));
  }
}
