import { and, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { channelListings, items } from '../db/schema';
import { matching } from '../db/matching';

/** SQL every channel's listings share, whatever the marketplace. Filtered by the user. */

/** Whether the item is the seller's, held (for update) until the transaction ends: a listing of it is written next. */
export async function lockOwnItem(tx: Db, userId: string, itemId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(matching(items, { id: itemId, userId }))
    .for('update');
  return rows.length > 0;
}

/**
 * The seller's items among `itemIds` sold out on some channel (a listing there sold its whole quantity): nothing left
 * to list, so no publish, relist or hand-over of them anywhere.
 */
export async function soldOutItemIds(db: Db, userId: string, itemIds: string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ itemId: channelListings.itemId })
    .from(channelListings)
    .where(and(matching(channelListings, { userId, status: 'sold' }), inArray(channelListings.itemId, itemIds)));
  return new Set(rows.map((row) => row.itemId));
}

// The publish's outcome is written by the listings' one writer (decision 092); its callers import it from here.
export { failOrphanedPublishes, markListingFailed } from './listings-repo';
