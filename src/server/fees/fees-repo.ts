import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { sales } from '../db/schema';
import type { LineFees } from '../channels/marketplace';
import { matching } from '../db/matching';

/** SQL of the sales' fees, every query filtered by the user. */

/** The seller's orders on the channel sold since `since` with a standing line whose fees are pending, newest first. */
export async function ordersAwaitingFees(db: Db, userId: string, channel: Channel, since: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderId: sales.externalOrderId, soldAt: sql<Date>`max(${sales.soldAt})` })
    .from(sales)
    .where(and(matching(sales, { userId, channel }), isNull(sales.feesMinor), isNull(sales.cancelledAt), gte(sales.soldAt, since)))
    .groupBy(sales.externalOrderId)
    .orderBy(desc(sql`max(${sales.soldAt})`), sales.externalOrderId)
    .limit(limit);
  return rows.map((row) => row.orderId);
}

/**
 * Stores the fees of one line (or, `lineId` null, of an order of one line), once they differ from what is stored;
 * the item's row changes with it, so open tabs see "fees pending" become the profit. True when a line changed. Fees in
 * another currency than the sale's are not stored: that sale's fees stay pending, never added across currencies.
 */
export async function storeLineFees(db: Db, userId: string, channel: Channel, line: LineFees): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ofOrder = matching(sales, { userId, channel, externalOrderId: line.orderId, currency: line.fees.currency });
    const whichLine = line.lineId
      ? eq(sales.externalLineId, line.lineId)
      : sql`(select count(*) from ${sales} as whole where whole.user_id = ${userId} and whole.channel = ${channel}
          and whole.external_order_id = ${line.orderId}) = 1`;
    const changed = await tx
      .update(sales)
      .set({ feesMinor: line.fees.amountMinor, updatedAt: new Date() })
      .where(and(ofOrder, whichLine, sql`${sales.feesMinor} is distinct from ${line.fees.amountMinor}::bigint`))
      .returning({ itemId: sales.itemId });
    return changed.length > 0;
  });
}

/** A standing line of an order whose fees are asked about: what the buyer paid for it, and when. */
export interface OrderLineOfSale {
  orderId: string;
  lineId: string;
  priceMinor: number;
  shippingChargedMinor: number;
  currency: string;
  soldAt: Date;
}

/** The seller's standing lines of these orders on the channel (a marketplace that charges per line splits by them). */
export async function standingLinesOfOrders(db: Db, userId: string, channel: Channel, orderIds: string[]): Promise<OrderLineOfSale[]> {
  if (!orderIds.length) return [];
  return db
    .select({
      orderId: sales.externalOrderId,
      lineId: sales.externalLineId,
      priceMinor: sales.priceMinor,
      shippingChargedMinor: sales.shippingChargedMinor,
      currency: sales.currency,
      soldAt: sales.soldAt,
    })
    .from(sales)
    .where(and(matching(sales, { userId, channel }), inArray(sales.externalOrderId, orderIds), isNull(sales.cancelledAt)))
    .orderBy(sales.externalOrderId, sales.externalLineId);
}
