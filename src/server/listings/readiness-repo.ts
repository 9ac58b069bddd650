import { and, eq, inArray, sql } from 'drizzle-orm';
import { ebayListingJoin } from '../channels/ebay/listing-sql';
import type { Db } from '../db/client';
import { channelListings, itemImages, items } from '../db/schema';

/** SQL of the listing's readiness (readiness-writer.ts): what it reads of the items, and its two columns. */

/** The written listings among the user's `itemIds`, with their eBay listing's data and their photo count. */
export async function readinessInputsOf(tx: Db, userId: string, itemIds: string[]) {
  return tx
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
      ebay: channelListings.data,
      imageCount: sql<number>`(select count(*)::int from ${itemImages}
        where ${itemImages.itemId} = ${items.id} and ${itemImages.userId} = ${items.userId})`,
    })
    .from(items)
    .leftJoin(channelListings, ebayListingJoin)
    .where(and(eq(items.userId, userId), inArray(items.id, itemIds), eq(items.aiGenerationStatus, 'completed')));
}

export async function saveListingReadiness(tx: Db, userId: string, itemId: string, readiness: { listingReady: boolean; score: number }) {
  await tx
    .update(items)
    .set({ listingReady: readiness.listingReady, publishReadyScore: readiness.score })
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
}
