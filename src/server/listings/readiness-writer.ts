import { assessListing } from '@shared/domain/readiness';
import { listedAsOf } from '../channels/listed-as';
import type { Db } from '../db/client';
import { listingsDataOf, readinessInputsOf, saveListingReadiness } from './readiness-repo';

/**
 * The one writer of items.listing_ready and publish_ready_score: the listing's own readiness
 * (assessListing, src/shared/domain) over the items as saved, with what their channel listings name them as
 * (channels/listed-as.ts: eBay's category and condition grade, in no channel's name here) and their photos. Called
 * after any change readiness reads (generation, inline edit, Quick Fix, the seller's category, condition or brand), in
 * that change's transaction. Only a written listing (generation completed) has a readiness; a deleted one is reset to
 * not ready with the other AI fields (listings/repo.ts resetListings).
 */
export async function writeListingReadiness(tx: Db, userId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const rows = await readinessInputsOf(tx, userId, itemIds);
  if (rows.length === 0) return;
  const listings = await listingsDataOf(
    tx,
    userId,
    rows.map((r) => r.id),
  );
  for (const { id, imageCount, ...item } of rows) {
    const listedAs = listedAsOf(listings.filter((listing) => listing.itemId === id));
    await saveListingReadiness(tx, userId, id, assessListing({ ...item, listedAs, imageCount: Number(imageCount) }));
  }
}
