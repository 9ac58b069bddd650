import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items } from '../db/schema';
import { matching } from '../db/matching';

/**
 * What a delist task's push names (read only; channel_listings is written by channels/listings-repo.ts, decision 092): the
 * item, the listing's URL there (when the seller recorded it) and the channel it sold on. Null when the task is
 * ticked already (or the item is gone or another seller's).
 */
export async function delistTaskToPush(db: Db, userId: string, itemId: string, channel: Channel) {
  const [task] = await db
    .select({ sku: items.sku, title: items.aiTitle, url: channelListings.url })
    .from(channelListings)
    .innerJoin(items, and(eq(items.id, channelListings.itemId), eq(items.userId, channelListings.userId)))
    .where(and(matching(channelListings, { userId, itemId, channel }), isNotNull(channelListings.delistTaskAt)));
  if (!task) return null;
  const [sold] = await db
    .select({ channel: channelListings.channel })
    .from(channelListings)
    .where(matching(channelListings, { userId, itemId, status: 'sold' }))
    .orderBy(desc(channelListings.updatedAt))
    .limit(1);
  return { ...task, soldOn: sold?.channel ?? null };
}
