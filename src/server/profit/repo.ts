import { moneyMessages } from '@shared/contracts/money';
import type { Money } from '@shared/domain/money';
import { AppError } from '@shared/errors';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TimeZone } from '@shared/domain/time-zone';
import type { Db } from '../db/client';
import { stockLeftSql } from '../channels/stock-sql';
import { channelListings, items, sales } from '../db/schema';

/** SQL of the seller's sales figures, every query filtered by the user. */

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** numeric and bigint come as text from node-postgres and as numbers from PGlite. Money: minor units (decision 067). */
type Num = string | number;

/**
 * The sale's time on the seller's clock. An offset is added to UTC by hand: PostgreSQL reads a numeric zone text
 * ("+05:00") the POSIX way, west of Greenwich.
 */
function soldAtIn(zone: TimeZone): SQL {
  return zone.kind === 'offset'
    ? sql`(${sales.soldAt} at time zone 'UTC') + ${zone.minutes}::integer * interval '1 minute'`
    : sql`(${sales.soldAt} at time zone ${zone.name})`;
}

export interface ProfitMonthRow {
  month: string;
  currency: string;
  sold: Num;
  sales: Num;
  revenue: Num;
  fees: Num;
  shipping_cost: Num;
  cost: Num;
  profit: Num;
  unknown_profit: Num;
  fees_pending: Num;
  cost_missing: Num;
  shipping_cost_missing: Num;
  sold_twice: Num;
  average_days: Num | null;
}

/**
 * The sale is one of a double sale (decision 083): its item sold more units than it had, on two channels or more.
 * Both sales count; the profit view flags them until the seller cancels one.
 */
const soldTwiceSql = sql`(${sales.itemId} is not null and ${stockLeftSql(sales.userId, sales.itemId)} < 0
  and (select count(distinct other.channel) from ${sales} other
    where other.user_id = ${sales.userId} and other.item_id = ${sales.itemId} and other.cancelled_at is null) >= 2)`;

/**
 * The seller's standing sales (cancelled ones left out) by month in `timeZone` and currency, newest month first:
 * revenue, the known fees, shipping costs and costs (cost per unit × quantity; an item deleted since has none),
 * the profit of the sales whose fees and cost are both known, what is missing, and the average days from the item's
 * listing on the channel to the sale (when it was listed before the sale).
 */
export async function profitByMonth(db: Db, userId: string, zone: TimeZone): Promise<ProfitMonthRow[]> {
  const result = await db.execute(sql`
    with lines as (
      select ${sales.quantity} as quantity,
        ${sales.priceMinor} + ${sales.shippingChargedMinor} as revenue,
        ${sales.feesMinor} as fees,
        ${sales.shippingCostMinor} as shipping_cost,
        ${items.costMinor} * ${sales.quantity} as cost,
        ${sales.currency} as currency,
        case when ${channelListings.listedAt} <= ${sales.soldAt}
          then extract(epoch from (${sales.soldAt} - ${channelListings.listedAt})) / 86400 end as days,
        to_char(${soldAtIn(zone)}, 'YYYY-MM') as month,
        ${soldTwiceSql} as sold_twice
      from ${sales}
      left join ${items} on ${items.id} = ${sales.itemId} and ${items.userId} = ${sales.userId}
      left join ${channelListings} on ${channelListings.userId} = ${sales.userId}
        and ${channelListings.itemId} = ${sales.itemId} and ${channelListings.channel} = ${sales.channel}
      where ${sales.userId} = ${userId} and ${sales.cancelledAt} is null
    )
    select month, currency,
      sum(quantity) as sold,
      count(*) as sales,
      sum(revenue)::text as revenue,
      coalesce(sum(fees), 0)::text as fees,
      coalesce(sum(shipping_cost), 0)::text as shipping_cost,
      coalesce(sum(cost), 0)::text as cost,
      coalesce(sum(revenue - fees - coalesce(shipping_cost, 0) - cost) filter (where fees is not null and cost is not null), 0)::text as profit,
      count(*) filter (where fees is null or cost is null) as unknown_profit,
      count(*) filter (where fees is null) as fees_pending,
      count(*) filter (where cost is null) as cost_missing,
      count(*) filter (where shipping_cost is null) as shipping_cost_missing,
      count(*) filter (where sold_twice) as sold_twice,
      avg(days) as average_days
    from lines
    group by month, currency
    order by month desc, currency`);
  return rowsOf<ProfitMonthRow>(result);
}

/** One standing sale of the CSV's second table; money as minor units in text (bigint), exact. */
export interface ProfitSaleLineRow {
  day: string;
  sku: string | null;
  title: string | null;
  channel: string;
  order_id: string;
  quantity: number;
  currency: string;
  price: string;
  shipping_charged: string;
  fees: string | null;
  shipping_cost: string | null;
  cost: string | null;
  profit: string | null;
}

/**
 * The seller's standing sales, newest first, each dated on the seller's clock: its item's SKU and title (the sale's
 * own SKU once the item is deleted), its figures, the cost of its units and its profit (null while the fees are
 * pending or the cost is missing; a missing shipping cost counts as nothing, as in the months).
 */
export async function profitSaleLines(db: Db, userId: string, zone: TimeZone): Promise<ProfitSaleLineRow[]> {
  const cost = sql`${items.costMinor} * ${sales.quantity}`;
  const result = await db.execute(sql`
    select to_char(${soldAtIn(zone)}, 'YYYY-MM-DD') as day,
      coalesce(${items.sku}, ${sales.sku}) as sku,
      ${items.aiTitle} as title,
      ${sales.channel} as channel,
      ${sales.externalOrderId} as order_id,
      ${sales.quantity} as quantity,
      ${sales.currency} as currency,
      ${sales.priceMinor}::text as price,
      ${sales.shippingChargedMinor}::text as shipping_charged,
      ${sales.feesMinor}::text as fees,
      ${sales.shippingCostMinor}::text as shipping_cost,
      (${cost})::text as cost,
      (${sales.priceMinor} + ${sales.shippingChargedMinor} - ${sales.feesMinor} - coalesce(${sales.shippingCostMinor}, 0) - ${cost})::text as profit
    from ${sales}
    left join ${items} on ${items.id} = ${sales.itemId} and ${items.userId} = ${sales.userId}
    where ${sales.userId} = ${userId} and ${sales.cancelledAt} is null
    order by ${sales.soldAt} desc, ${sales.externalOrderId}, ${sales.externalLineId}`);
  return rowsOf<ProfitSaleLineRow>(result);
}

/** The item's cost (minor units of its currency), or undefined when the item is not the user's. */
export async function itemCostOf(
  db: Db,
  userId: string,
  itemId: string,
): Promise<{ costMinor: number | null; currency: string } | undefined> {
  const [row] = await db
    .select({ costMinor: items.costMinor, currency: items.currency })
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
  return row;
}

/** The item's sales, cancelled ones too, newest first. */
export async function salesOfItem(db: Db, userId: string, itemId: string) {
  return db
    .select()
    .from(sales)
    .where(and(eq(sales.userId, userId), eq(sales.itemId, itemId)))
    .orderBy(desc(sales.soldAt), sales.externalLineId);
}

export type SaleRow = Awaited<ReturnType<typeof salesOfItem>>[number];

/** Sets what the seller paid to send the sale; the sale's item changes with it (event stream). Undefined: not the user's. */
export async function setSaleShippingCost(db: Db, userId: string, saleId: string, shippingCost: Money | null) {
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .select({ currency: sales.currency })
      .from(sales)
      .where(and(eq(sales.id, saleId), eq(sales.userId, userId)));
    if (!sale) return undefined;
    if (shippingCost !== null && shippingCost.currency !== sale.currency) {
      throw new AppError('VALIDATION_FAILED', moneyMessages.otherCurrency(sale.currency));
    }
    const shippingCostMinor = shippingCost?.amountMinor ?? null;
    const [row] = await tx
      .update(sales)
      .set({ shippingCostMinor, updatedAt: new Date() })
      .where(and(eq(sales.id, saleId), eq(sales.userId, userId)))
      .returning();
    return row;
  });
}
