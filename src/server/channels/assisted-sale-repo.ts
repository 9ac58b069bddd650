import { and, isNotNull, sql } from 'drizzle-orm';
import type { AssistedChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items, sales } from '../db/schema';
import { ownListingOfItem, saveListing } from './listings-repo';
import { matching } from '../db/matching';

/** SQL of a sale the seller records on an assisted channel ("Sold on Depop", every-channel.ts). Filtered by the user. */

/** The seller's item (its SKU and currency), held until the transaction ends. */
export async function lockItemForSale(tx: Db, userId: string, itemId: string) {
  const [item] = await tx
    .select({ id: items.id, sku: items.sku, currency: items.currency })
    .from(items)
    .where(matching(items, { userId, id: itemId }))
    .for('update');
  return item;
}

export async function listingStatusOf(tx: Db, userId: string, itemId: string, channel: AssistedChannel) {
  const [listing] = await tx
    .select({ status: channelListings.status })
    .from(channelListings)
    .where(ownListingOfItem(userId, itemId, channel));
  return listing?.status;
}

/** The sale as one line of the sales table; answers its id. */
export async function insertRecordedSale(tx: Db, values: typeof sales.$inferInsert): Promise<string> {
  const [sale] = await tx.insert(sales).values(values).returning({ id: sales.id });
  return sale!.id;
}

/** The listing there is sold (made when the seller never recorded it). */
export async function markListingSold(tx: Db, userId: string, itemId: string, channel: AssistedChannel, soldAt: Date) {
  await saveListing(tx, userId, itemId, channel, {
    columns: { status: 'sold', endedAt: soldAt, error: null, delistTaskAt: null },
    created: { columns: { listedAt: soldAt } },
  });
}

/** How many of the item's listings have an open delist task. */
export async function delistTaskCountOf(db: Db, userId: string, itemId: string): Promise<number> {
  const [tasks] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(channelListings)
    .where(and(matching(channelListings, { userId, itemId }), isNotNull(channelListings.delistTaskAt)));
  return Number(tasks?.count ?? 0);
}
