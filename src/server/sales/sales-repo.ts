import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, sales, salesCursors } from '../db/schema';
import type { SaleLine } from '../channels/marketplace';
import { ownListingOfItem, updateOwnListings } from '../channels/listing-writer';
import { saleRowOf } from './sale-row';
import { stockLeftSql } from './stock-sql';
import { excludedOf, matching } from '../db/matching';

/** SQL of the sales table and each user's pull cursor, every query filtered by the user. */

export async function salesCursorOf(db: Db, userId: string, channel: Channel): Promise<Date | null> {
  const [row] = await db
    .select({ pulledUntil: salesCursors.pulledUntil })
    .from(salesCursors)
    .where(matching(salesCursors, { userId, channel }));
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

/** Of the seller's orders `orderIds` on the channel, the lines recorded already (`order/line`). */
export async function recordedSaleLines(db: Db, userId: string, channel: Channel, orderIds: string[]): Promise<Set<string>> {
  if (!orderIds.length) return new Set();
  const rows = await db
    .select({ orderId: sales.externalOrderId, lineId: sales.externalLineId })
    .from(sales)
    .where(and(matching(sales, { userId, channel }), inArray(sales.externalOrderId, [...new Set(orderIds)])));
  return new Set(rows.map((row) => `${row.orderId}/${row.lineId}`));
}

/** Lines written per statement: one round trip per 200 lines (a page of eBay's orders). */
const LINES_PER_STATEMENT = 200;

/**
 * Records each line once per (user, channel, order, line): a line seen again updates only what changed. A
 * cancellation stays (eBay does not take one back), so an overlapping pull that read the order before it was
 * cancelled cannot undo it; an item matched once stays matched. Answers the keys (`order/line`) this call inserted:
 * a concurrent pull that wrote the same line first leaves it out (the statement's row lock decides).
 */
export async function upsertSaleLines(db: Db, userId: string, channel: Channel, lines: MatchedSaleLine[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  // One statement cannot touch a row twice: a line answered twice keeps its last reading.
  const unique = [...new Map(lines.map((line) => [`${line.orderId}/${line.lineId}`, line])).values()];
  const cancelledAt = sql`coalesce(${sales.cancelledAt}, excluded.cancelled_at)`;
  const itemId = sql`coalesce(${sales.itemId}, excluded.item_id)`;
  for (let start = 0; start < unique.length; start += LINES_PER_STATEMENT) {
    const values = unique
      .slice(start, start + LINES_PER_STATEMENT)
      .map((line) => ({ ...saleRowOf(userId, channel, line), itemId: line.itemId, cancelledAt: line.cancelledAt }));
    const written = await db
      .insert(sales)
      .values(values)
      .onConflictDoUpdate({
        target: [sales.userId, sales.channel, sales.externalOrderId, sales.externalLineId],
        set: {
          cancelledAt,
          itemId,
          ...excludedOf(sales, ['sku', 'quantity', 'priceMinor', 'shippingChargedMinor', 'currency', 'soldAt']),
          buyer: sql`coalesce(excluded.buyer, ${sales.buyer})`,
          orderName: sql`coalesce(excluded.order_name, ${sales.orderName})`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${sales.cancelledAt}, ${sales.itemId}, ${sales.sku}, ${sales.quantity}, ${sales.priceMinor}, ${sales.shippingChargedMinor}, ${sales.currency}, ${sales.soldAt}, ${sales.buyer}, ${sales.orderName})
          is distinct from (${cancelledAt}, ${itemId}, excluded.sku, excluded.quantity, excluded.price_minor, excluded.shipping_charged_minor, excluded.currency, excluded.sold_at, coalesce(excluded.buyer, ${sales.buyer}), coalesce(excluded.order_name, ${sales.orderName}))`,
      })
      // xmax is 0 on a row this statement inserted, set on one it updated: a new sale, told apart in the same statement.
      .returning({ orderId: sales.externalOrderId, lineId: sales.externalLineId, inserted: sql<boolean>`(xmax = 0)` });
    for (const row of written) if (row.inserted) inserted.add(`${row.orderId}/${row.lineId}`);
  }
  return inserted;
}

/**
 * When the listing went live, at the marketplaces' time resolution: Etsy stamps a sale with the whole second (cut
 * down), the go-live time is kept to the millisecond; a sale in that second is after it, never before.
 */
const listedAtSecond = sql`date_trunc('second', ${channelListings.listedAt})`;

/**
 * The quantity of the item sold on the channel since its listing went up (standing sales only): a listing of 3 is
 * sold out when this reaches 3, and for sale again when a cancellation brings it back under.
 */
const soldSinceListed = (userId: string, itemId: string, channel: Channel) => sql`(
  select coalesce(sum(${sales.quantity}), 0) from ${sales}
  where ${sales.userId} = ${userId} and ${sales.itemId} = ${itemId} and ${sales.channel} = ${channel}
    and ${sales.cancelledAt} is null
    and (${channelListings.listedAt} is null or ${sales.soldAt} >= ${listedAtSecond}))`;

/**
 * The one source of truth for the item's remaining stock (decision 083): every channel offers this many (publish,
 * revise, relist), so a unit sold on one marketplace is taken off the others. Below 0: sold more than there was
 * (a double sale).
 */
export async function stockLeft(db: Db, userId: string, itemId: string): Promise<number> {
  const [row] = await db
    .execute(sql`select ${stockLeftSql(userId, itemId)} as "left"`)
    .then((result) => (result as unknown as { rows: { left: number | string }[] }).rows);
  return Number(row?.left ?? 0);
}

/**
 * The item's listing on the channel is sold once nothing of the item's stock is left (ended when the last unit
 * sold), unless it is sold already or was listed again after this sale. Derived from the sales table, so a pull that
 * crashed half-way or runs twice comes to the same answer. True when it changed.
 */
export async function markListingSold(db: Db, userId: string, itemId: string, channel: Channel, soldAt: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await updateOwnListings(
      tx,
      userId,
      and(
        ownListingOfItem(userId, itemId, channel),
        ne(channelListings.status, 'sold'),
        or(isNull(channelListings.listedAt), sql`${listedAtSecond} <= ${soldAt.toISOString()}::timestamptz`),
        sql`${soldSinceListed(userId, itemId, channel)} > 0`,
        sql`${stockLeftSql(userId, itemId)} <= 0`,
      ),
      { status: 'sold', endedAt: soldAt, error: null },
    );
    return changed.length > 0;
  });
}

/**
 * A sold listing whose item has stock left again (a buyer's order was cancelled) is no longer sold: it stays ended
 * (eBay does not relist it), and the item is for sale again. True when it changed.
 */
export async function takeBackSoldListing(db: Db, userId: string, itemId: string, channel: Channel): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await updateOwnListings(
      tx,
      userId,
      and(ownListingOfItem(userId, itemId, channel), eq(channelListings.status, 'sold'), sql`${stockLeftSql(userId, itemId)} > 0`),
      { status: 'ended' },
    );
    return changed.length > 0;
  });
}

/**
 * The seller's items sold out on one channel that are still live (or being published) on another, each with the
 * channel to end it on: of `itemIds` only, or (`byApiOn`) every such listing the app made on one of these
 * marketplaces (a listing the seller posted by hand there has no marketplace id: its end is a delist task). Asked after
 * every sale, so an end that failed or was cut off is owed again.
 */
export async function soldItemsListedElsewhere(
  db: Db,
  userId: string,
  which: { itemIds: string[] } | { byApiOn: readonly Channel[] },
): Promise<{ itemId: string; channel: Channel }[]> {
  if ('itemIds' in which && !which.itemIds.length) return [];
  if ('byApiOn' in which && !which.byApiOn.length) return [];
  const narrowed =
    'itemIds' in which
      ? sql`and other.item_id in (${sql.join(
          which.itemIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`and other.channel in (${sql.join(
          which.byApiOn.map((channel) => sql`${channel}`),
          sql`, `,
        )}) and (other.external_id is not null or other.status = 'publishing')`;
  const elsewhere = await db.execute(sql`
    select other.item_id as "itemId", other.channel as channel
    from ${channelListings} other
    where other.user_id = ${userId} and other.status in ('live', 'publishing') ${narrowed}
      and exists (
        select 1 from ${channelListings} sold
        where sold.user_id = ${userId} and sold.item_id = other.item_id and sold.channel <> other.channel and sold.status = 'sold')`);
  return (elsewhere as unknown as { rows: { itemId: string; channel: Channel }[] }).rows;
}

/**
 * An end after a sale failed on the channel (decision 083): the marketplace's words on the listing, which stays live
 * (and is shown "Still live on ...") until an end succeeds.
 */
export async function noteEndFailed(db: Db, userId: string, itemId: string, channel: Channel, message: string) {
  await updateOwnListings(db, userId, and(ownListingOfItem(userId, itemId, channel), eq(channelListings.status, 'live')), {
    error: message,
  });
}

/** Of `userIds`, those whose sales on the channel were last pulled before `dueBefore` (or never). */
export async function sellersDueForPull(db: Db, channel: Channel, userIds: string[], dueBefore: Date): Promise<string[]> {
  if (!userIds.length) return [];
  const fresh = await db
    .select({ userId: salesCursors.userId })
    .from(salesCursors)
    .where(and(eq(salesCursors.channel, channel), inArray(salesCursors.userId, userIds), gt(salesCursors.pulledUntil, dueBefore)));
  const pulledLately = new Set(fresh.map((row) => row.userId));
  return userIds.filter((userId) => !pulledLately.has(userId));
}

/** The next pull starts afresh (a new connection may be another account on the marketplace). */
export async function forgetSalesCursor(db: Db, userId: string, channel: Channel) {
  await db.delete(salesCursors).where(matching(salesCursors, { userId, channel }));
}
