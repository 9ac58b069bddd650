import { asc, eq } from 'drizzle-orm';
import type { AssistedChannel } from '@shared/domain/channel-listing';
import type { Db } from '../../db/client';
import { channelListings, itemImages, items } from '../../db/schema';
import { ensureDraftListing, ownListingOfItem, updateOwnListings } from '../listings-repo';
import { matching } from '../../db/matching';

/** SQL of an item's listing on an assisted marketplace (decision 051): its channel_listings row, every query by the user. */

export type AssistedListingRow = typeof channelListings.$inferSelect;
export type AssistedItemRow = typeof items.$inferSelect;

/** The item's row for the channel (`lock`: FOR UPDATE). */
export async function assistedRowOf(tx: Db, userId: string, itemId: string, channel: AssistedChannel, lock = false) {
  const query = tx
    .select()
    .from(channelListings)
    .where(ownListingOfItem(userId, itemId, channel));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The seller's item (`lock`: FOR UPDATE); undefined when it is not theirs. */
export async function assistedItemOf(tx: Db, userId: string, itemId: string, lock = false): Promise<AssistedItemRow | undefined> {
  const query = tx
    .select()
    .from(items)
    .where(matching(items, { id: itemId, userId }));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The item's photos in their order. */
export async function assistedPhotosOf(tx: Db, userId: string, itemId: string) {
  return tx
    .select()
    .from(itemImages)
    .where(matching(itemImages, { userId, itemId }))
    .orderBy(asc(itemImages.order), asc(itemImages.createdAt));
}

/** The draft row, made when missing (a second prepare finds it: idempotent); locked. */
export async function ensureAssistedRow(tx: Db, userId: string, itemId: string, channel: AssistedChannel) {
  await ensureDraftListing(tx, userId, itemId, channel);
  return assistedRowOf(tx, userId, itemId, channel, true);
}

/** Writes the seller's row (found by `assistedRowOf`, so theirs). */
export async function updateAssistedRow(
  tx: Db,
  userId: string,
  rowId: string,
  set: Partial<
    Pick<AssistedListingRow, 'data' | 'status' | 'url' | 'priceMinor' | 'currency' | 'listedAt' | 'endedAt' | 'error' | 'delistTaskAt'>
  >,
) {
  await updateOwnListings(tx, userId, eq(channelListings.id, rowId), set);
}
