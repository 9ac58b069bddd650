import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { channelListings, itemImages, items } from '../db/schema';
import { updateOwnItems } from '../items/item-writer';
import { listingInputsColumns } from './listing-inputs-sql';
import { matching } from '../db/matching';

/** SQL of the listing's readiness (readiness-writer.ts): what it reads of the items, and its two columns. */

/** The written listings among the user's `itemIds`, with their photo count. */
export async function readinessInputsOf(tx: Db, userId: string, itemIds: string[]) {
  return tx
    .select({
      id: items.id,
      aiTitle: items.aiTitle,
      aiDescription: items.aiDescription,
      ...listingInputsColumns,
      // The item's columns named with their table: drizzle leaves a one-table select's columns bare.
      imageCount: sql<number>`(select count(*)::int from ${itemImages}
        where ${itemImages.itemId} = ${items}.id and ${itemImages.userId} = ${items}.user_id)`,
    })
    .from(items)
    .where(and(matching(items, { userId, aiGenerationStatus: 'completed' }), inArray(items.id, itemIds)));
}

/** Each channel listing of the user's `itemIds`: its channel and its data (what the channel names the item as). */
export async function listingsDataOf(tx: Db, userId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return tx
    .select({ itemId: channelListings.itemId, channel: channelListings.channel, data: channelListings.data })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), inArray(channelListings.itemId, itemIds)));
}

export async function saveListingReadiness(tx: Db, userId: string, itemId: string, readiness: { listingReady: boolean; score: number }) {
  await updateOwnItems(tx, userId, [itemId], { listingReady: readiness.listingReady, publishReadyScore: readiness.score });
}
