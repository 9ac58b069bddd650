import { and, eq, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, sales, salesCursors } from '../db/schema';
import type { SaleLine } from './marketplace';
import { touchItems } from './repo';

/** SQL of the sales table and each user's pull cursor, every query filtered by the user. */

export async function salesCursorOf(db: Db, userId: string, channel: Channel): Promise<Date | null> {
  const [row] = await db
    .select({ pulledUntil: salesCursors.pulledUntil })
    .from(salesCursors)
    .where(and(eq(salesCursors.userId, userId), eq(salesCursors.channel, channel)));
  return row?.pulledUntil ?? null;
}

/** Moves the cursor to `until`, never back (a slower concurrent pull that started earlier leaves it where it is). */
export async function advanceSalesCursor(db: Db, userId: string, channel: Channel, until: Date) {
  await db
    .insert(salesCursors)
    .values({ userId, channel, pulledUntil: until })
    .onConflictDoUpdate({
      target: [salesCursors.userId, salesCursors.channel],
      set: { pulledUntil: sql`greatest(${salesCursors.pulledUntil}, excluded.pulled_until)`, updatedAt: sql`now()` },
    });
}

export type MatchedSaleLine = SaleLine & { itemId: string | null };

/**
 * Records a line once per (user, channel, order, line): a line seen again updates only what changed. A cancellation
 * stays (eBay does not take one back), so an overlapping pull that read the order before it was cancelled cannot
 * undo it; an item matched once stays matched.
 */
export async function upsertSaleLine(db: Db, userId: string, channel: Channel, line: MatchedSaleLine) {
  const values = {
    userId,
    channel,
    itemId: line.itemId,
    externalOrderId: line.orderId,
    externalLineId: line.lineId,
    sku: line.sku,
    quantity: line.quantity,
    price: line.price,
    shippingCharged: line.shipping,
    currency: line.currency,
    soldAt: line.soldAt,
    cancelledAt: line.cancelledAt,
  };
  const cancelledAt = sql`coalesce(${sales.cancelledAt}, excluded.cancelled_at)`;
  const itemId = sql`coalesce(${sales.itemId}, excluded.item_id)`;
  await db
    .insert(sales)
    .values(values)
    .onConflictDoUpdate({
      target: [sales.userId, sales.channel, sales.externalOrderId, sales.externalLineId],
      set: {
        cancelledAt,
        itemId,
        sku: sql`excluded.sku`,
        quantity: sql`excluded.quantity`,
        price: sql`excluded.price`,
        shippingCharged: sql`excluded.shipping_charged`,
        currency: sql`excluded.currency`,
        soldAt: sql`excluded.sold_at`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${sales.cancelledAt}, ${sales.itemId}, ${sales.sku}, ${sales.quantity}, ${sales.price}, ${sales.shippingCharged}, ${sales.currency}, ${sales.soldAt})
        is distinct from (${cancelledAt}, ${itemId}, excluded.sku, excluded.quantity, excluded.price, excluded.shipping_charged, excluded.currency, excluded.sold_at)`,
    });
}

const listingOf = (userId: string, itemId: string, channel: Channel) =>
  and(eq(channelListings.userId, userId), eq(channelListings.itemId, itemId), eq(channelListings.channel, channel));

/**
 * The item's listing on the channel is sold (ended when it sold), unless it is sold already or was listed again
 * after this sale. True when it changed.
 */
export async function markListingSold(db: Db, userId: string, itemId: string, channel: Channel, soldAt: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(channelListings)
      .set({ status: 'sold', endedAt: soldAt, error: null, updatedAt: new Date() })
      .where(
        and(
          listingOf(userId, itemId, channel),
          ne(channelListings.status, 'sold'),
          or(isNull(channelListings.listedAt), lte(channelListings.listedAt, soldAt)),
        ),
      )
      .returning({ id: channelListings.id });
    if (changed.length) await touchItems(tx, userId, [itemId]);
    return changed.length > 0;
  });
}

/**
 * A sold listing whose sales on the channel were all cancelled is no longer sold: it stays ended (eBay does not
 * relist it), and the item is for sale again. True when it changed.
 */
export async function takeBackSoldListing(db: Db, userId: string, itemId: string, channel: Channel): Promise<boolean> {
  return db.transaction(async (tx) => {
    const standing = tx
      .select({ id: sales.id })
      .from(sales)
      .where(and(eq(sales.userId, userId), eq(sales.itemId, itemId), eq(sales.channel, channel), isNull(sales.cancelledAt)));
    const changed = await tx
      .update(channelListings)
      .set({ status: 'ended', updatedAt: new Date() })
      .where(and(listingOf(userId, itemId, channel), eq(channelListings.status, 'sold'), notExists(standing)))
      .returning({ id: channelListings.id });
    if (changed.length) await touchItems(tx, userId, [itemId]);
    return changed.length > 0;
  });
}

/** The next pull starts afresh (a new connection may be another account on the marketplace). */
export async function forgetSalesCursor(db: Db, userId: string, channel: Channel) {
  await db.delete(salesCursors).where(and(eq(salesCursors.userId, userId), eq(salesCursors.channel, channel)));
}
