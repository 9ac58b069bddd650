import { moneyMessages } from '@shared/contracts/money';
import type { Money } from '@shared/domain/money';
import { AppError } from '@shared/errors';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TimeZone } from '@shared/domain/time-zone';
import type { Db } from '../db/client';
import { stockLeftSql } from '../sales/stock-sql';
import { channelListings, items, sales } from '../db/schema';
import { matching } from '../db/matching';

/** SQL of the seller's sales figures, every query filtered by the user. */

/**
 * The sale's time on the seller's clock. An offset is added to UTC by hand: PostgreSQL reads a numeric zone text
 * ("+05:00") the POSIX way, west of Greenwich.
 */
function soldAtIn(zone: TimeZone): SQL {
  return zone.kind === 'offset'
    ? sql`(${sales.soldAt} at time zone 'UTC') + ${zone.minutes}::integer * interval '1 minute'`
    : sql`(${sales.soldAt} at time zone ${zone.name})`;
}

/**
 * The sale is one of a double sale (decision 083): its item sold more units than it had, on two channels or more.
 * Both sales count; the profit view flags them until the seller cancels one.
 */
const soldTwiceSql = sql<boolean>`(${sales.itemId} is not null and ${stockLeftSql(sales.userId, sales.itemId)} < 0
  and (select count(distinct other.channel) from ${sales} other
    where other.user_id = ${sales.userId} and other.item_id = ${sales.itemId} and other.cancelled_at is null) >= 2)`;

/**
 * The seller's standing sales (cancelled ones left out), newest first, each dated on the seller's clock, with what its
 * profit is worked from (profit.ts, in TypeScript: decision 127): its figures, its item's cost per unit (none once the
 * item is deleted), SKU (the sale's own once the item is deleted) and title, whether it is one of a double sale, and
 * the days from its listing on the channel to the sale (when it was listed before it).
 */
export async function standingSaleLines(db: Db, userId: string, zone: TimeZone) {
  return db
    .select({
      day: sql<string>`to_char(${soldAtIn(zone)}, 'YYYY-MM-DD')`,
      sku: sql<string | null>`coalesce(${items.sku}, ${sales.sku})`,
      title: items.aiTitle,
      channel: sales.channel,
      orderId: sales.externalOrderId,
      quantity: sales.quantity,
      currency: sales.currency,
      priceMinor: sales.priceMinor,
      shippingChargedMinor: sales.shippingChargedMinor,
      feesMinor: sales.feesMinor,
      shippingCostMinor: sales.shippingCostMinor,
      unitCostMinor: items.costMinor,
      soldTwice: soldTwiceSql,
      daysToSell: sql<number | null>`case when ${channelListings.listedAt} <= ${sales.soldAt}
          then extract(epoch from (${sales.soldAt} - ${channelListings.listedAt})) / 86400 end`.mapWith(Number),
    })
    .from(sales)
    .leftJoin(items, and(eq(items.id, sales.itemId), eq(items.userId, sales.userId)))
    .leftJoin(
      channelListings,
      and(eq(channelListings.userId, sales.userId), eq(channelListings.itemId, sales.itemId), eq(channelListings.channel, sales.channel)),
    )
    .where(and(eq(sales.userId, userId), isNull(sales.cancelledAt)))
    .orderBy(desc(sales.soldAt), sales.externalOrderId, sales.externalLineId);
}

export type StandingSaleLine = Awaited<ReturnType<typeof standingSaleLines>>[number];

/** The item's cost (minor units of its currency), or undefined when the item is not the user's. */
export async function itemCostOf(
  db: Db,
  userId: string,
  itemId: string,
): Promise<{ costMinor: number | null; currency: string } | undefined> {
  const [row] = await db
    .select({ costMinor: items.costMinor, currency: items.currency })
    .from(items)
    .where(matching(items, { id: itemId, userId }));
  return row;
}

/** The item's sales, cancelled ones too, newest first. */
export async function salesOfItem(db: Db, userId: string, itemId: string) {
  return db.select().from(sales).where(matching(sales, { userId, itemId })).orderBy(desc(sales.soldAt), sales.externalLineId);
}

export type SaleRow = Awaited<ReturnType<typeof salesOfItem>>[number];

/** Sets what the seller paid to send the sale; the sale's item changes with it (event stream). Undefined: not the user's. */
export async function setSaleShippingCost(db: Db, userId: string, saleId: string, shippingCost: Money | null) {
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .select({ currency: sales.currency })
      .from(sales)
      .where(matching(sales, { id: saleId, userId }));
    if (!sale) return undefined;
    if (shippingCost !== null && shippingCost.currency !== sale.currency) {
      throw new AppError('VALIDATION_FAILED', moneyMessages.otherCurrency(sale.currency));
    }
    const shippingCostMinor = shippingCost?.amountMinor ?? null;
    const [row] = await tx
      .update(sales)
      .set({ shippingCostMinor, updatedAt: new Date() })
      .where(matching(sales, { id: saleId, userId }))
      .returning();
    return row;
  });
}
