import { and, eq, inArray, sql } from 'drizzle-orm';
import { assessListing } from '@shared/domain/readiness';
import { listedAsOf } from '../channels/listed-as';
import type { Db } from '../db/client';
import { channelListings, itemImages, items } from '../db/schema';

/**
 * The one writer of items.listing_ready and publish_ready_score (DESIGN §10): the listing's own readiness
 * (assessListing, src/shared/domain) over the items as saved, with what their channel listings name them as
 * (channels/listed-as.ts: eBay's category and condition grade, in no channel's name here) and their photos. Called
 * after any change readiness reads (generation, inline edit, Quick Fix, the seller's category, condition or brand), in
 * that change's transaction. Only a written listing (generation completed) has a readiness; a deleted one is reset to
 * not ready with the other AI fields (listings/repo.ts resetListings).
 */
export async function writeListingReadiness(tx: Db, userId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const rows = await tx
    .select({
      id: items.id,
      aiTitle: items.aiTitle,
      aiDescription: items.aiDescription,
      category: items.category,
      condition: items.condition,
      brand: items.brand,
      extractedBrand: items.extractedBrand,
      sellerFields: items.sellerFields,
      aiInputsFingerprint: items.aiInputsFingerprint,
      // The item's columns named with their table: drizzle leaves a one-table select's columns bare.
      imageCount: sql<number>`(select count(*)::int from ${itemImages}
        where ${itemImages.itemId} = ${items}.id and ${itemImages.userId} = ${items}.user_id)`,
    })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, itemIds), eq(items.aiGenerationStatus, 'completed')));
  if (rows.length === 0) return;
  const listings = await tx
    .select({ itemId: channelListings.itemId, channel: channelListings.channel, data: channelListings.data })
    .from(channelListings)
    .where(
      and(
        eq(channelListings.userId, userId),
        inArray(
          channelListings.itemId,
          rows.map((r) => r.id),
        ),
      ),
    );
  for (const { id, imageCount, ...item } of rows) {
    const listedAs = listedAsOf(listings.filter((listing) => listing.itemId === id));
    const { listingReady, score } = assessListing({ ...item, listedAs, imageCount: Number(imageCount) });
    await tx
      .update(items)
      .set({ listingReady, publishReadyScore: score })
      .where(and(eq(items.id, id), eq(items.userId, userId)));
  }
}
