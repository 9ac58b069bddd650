import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items, jobs } from '../db/schema';

/** SQL every channel's listings share: a publish's outcome, whatever the marketplace. Filtered by the user. */

/** The items' rows change with their listings, so the event stream (the items' notify trigger) carries each change. */
export async function touchItems(db: Db, userId: string, itemIds: string[]) {
  if (itemIds.length === 0) return;
  await db
    .update(items)
    .set({ updatedAt: new Date() })
    .where(and(eq(items.userId, userId), inArray(items.id, itemIds)));
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

/** The listing failed on its marketplace (the message says why); the item's row changes with it (event stream). */
export async function markListingFailed(db: Db, userId: string, itemId: string, channel: Channel, message: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(channelListings)
      .set({ status: 'failed', error: message, updatedAt: new Date() })
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.userId, userId), eq(channelListings.channel, channel)));
    await touchItems(tx, userId, [itemId]);
  });
}

/** Listings of any channel left publishing with no publish job waiting or running (lost with its process): failed. */
export async function failOrphanedPublishes(db: Db, message: string): Promise<number> {
  const result = await db.execute(sql`
    with orphans as (
      update ${channelListings} set status = 'failed', error = ${message}, updated_at = now()
      where ${channelListings.status} = 'publishing'
        and ${channelListings.updatedAt} < now() - interval '1 minute'
        and not exists (
          select 1 from ${jobs}
          where ${jobs.kind} = 'publish-listing' and ${jobs.status} in ('pending', 'running') and ${jobs.subjectType} = 'listing'
            and ${jobs.subjectId} = ${channelListings.itemId}::text || ':' || ${channelListings.channel})
      returning ${channelListings.itemId} as item_id
    )
    update ${items} set updated_at = now() where ${items.id} in (select item_id from orphans)
    returning ${items.id}`);
  return (result as { rows: unknown[] }).rows.length;
}
