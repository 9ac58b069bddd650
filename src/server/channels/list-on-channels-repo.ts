import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AssistedChannel, Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items } from '../db/schema';
import { draftAssistedListings, liveListingsOn } from './listings-repo';
import { matching } from '../db/matching';

/** SQL of "List on ..." across channels (decision 052), every query filtered by the user. */

/** The seller's items of `itemIds` (all theirs, or null: one is foreign or unknown), with whether each sold anywhere. */
export async function ownItemsForListing(db: Db, userId: string, itemIds: string[]) {
  const rows = await db
    .select({
      id: items.id,
      sku: items.sku,
      // Written out: drizzle leaves a single table's columns unqualified in select fields and update conditions.
      sold: sql<boolean>`exists (select 1 from channel_listings sold where sold.item_id = items.id
        and sold.user_id = ${userId} and sold.status = 'sold')`,
    })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, itemIds)));
  return rows.length === new Set(itemIds).size ? rows : null;
}

/**
 * Prepares the items' listings on an assisted channel: a draft row (the handover sheet takes it from there). A row
 * already there stays as it is, except an ended or failed one with no open task, prepared again. Answers the items
 * whose listing is a draft now, and those live (or sold, or with a task) there that were left alone.
 */
export async function prepareAssistedListings(db: Db, userId: string, itemIds: string[], channel: AssistedChannel) {
  return db.transaction(async (tx) => {
    await draftAssistedListings(tx, userId, itemIds, channel);
    const rows = await tx
      .select({ itemId: channelListings.itemId, status: channelListings.status, task: channelListings.delistTaskAt })
      .from(channelListings)
      .where(and(matching(channelListings, { userId, channel }), inArray(channelListings.itemId, itemIds)));
    return rows;
  });
}

/** Of `itemIds`, those live on the channel already (listing them there again would be a second listing). */
export async function liveOn(db: Db, userId: string, itemIds: string[], channel: Channel): Promise<Set<string>> {
  const rows = await db
    .select({ itemId: channelListings.itemId })
    .from(channelListings)
    .where(and(liveListingsOn(userId, channel), inArray(channelListings.itemId, itemIds)));
  return new Set(rows.map((row) => row.itemId));
}
