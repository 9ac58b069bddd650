import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items, jobs } from '../db/schema';

/** SQL every channel's listings share: a publish's outcome, whatever the marketplace. Filtered by the user. */

/** Whether the item is the seller's, held (for update) until the transaction ends: a listing of it is written next. */
export async function lockOwnItem(tx: Db, userId: string, itemId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.userId, userId)))
    .for('update');
  return rows.length > 0;
}

/**
 * The seller's items among `itemIds` sold out on some channel (a listing there sold its whole quantity): nothing left
 * to list, so no publish, relist or hand-over of them anywhere (issue 41).
 */
export async function soldOutItemIds(db: Db, userId: string, itemIds: string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ itemId: channelListings.itemId })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), inArray(channelListings.itemId, itemIds), eq(channelListings.status, 'sold')));
  return new Set(rows.map((row) => row.itemId));
}

/** The listing failed on its marketplace (the message says why); the item's row moves with it (trigger, 0027). */
export async function markListingFailed(db: Db, userId: string, itemId: string, channel: Channel, message: string) {
  await db
    .update(channelListings)
    .set({ status: 'failed', error: message, updatedAt: new Date() })
    .where(and(eq(channelListings.itemId, itemId), eq(channelListings.userId, userId), eq(channelListings.channel, channel)));
}

/** Listings of any channel left publishing with no publish job waiting or running (lost with its process): failed. */
export async function failOrphanedPublishes(db: Db, message: string): Promise<number> {
  const result = await db.execute(sql`
    update ${channelListings} set status = 'failed', error = ${message}, updated_at = now()
    where ${channelListings.status} = 'publishing'
      and ${channelListings.updatedAt} < now() - interval '1 minute'
      and not exists (
        select 1 from ${jobs}
        where ${jobs.kind} = 'publish-listing' and ${jobs.status} in ('pending', 'running') and ${jobs.subjectType} = 'listing'
          and ${jobs.subjectId} = ${channelListings.itemId}::text || ':' || ${channelListings.channel})
    returning ${channelListings.itemId} as item_id`);
  return (result as { rows: unknown[] }).rows.length;
}
