import { money } from '@shared/domain/money';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ItemSale } from '@shared/contracts/items';
import { channels, type Channel } from '@shared/domain/channel-listing';
import { stockLeftSql } from '../sales/stock-sql';
import { sales } from '../db/schema';

/** What the summary subquery answers (json): numbers may come as text, the instant in PostgreSQL's json form. */
export interface SaleSummaryJson {
  channel: string;
  /** Minor units of `currency`. */
  priceMinor: number | string;
  shippingMinor: number | string;
  currency: string;
  soldAt: string;
  quantity: number | string;
  /** The channels of its standing sales, and what is left of its stock after them (below 0: sold more than it had). */
  channels: string[];
  left: number | string;
}

/**
 * The item's standing sales (not cancelled) on every channel, as one json value read beside the item: its latest
 * sale (channel, price, date) and the quantity sold in all. Null without any: one indexed lookup (sales_item_idx).
 */
export function saleSummarySql(userId: AnyColumn | SQL, itemId: AnyColumn | SQL): SQL<SaleSummaryJson | null> {
  const latest = (column: AnyColumn) => sql`(array_agg(${column} order by ${sales.soldAt} desc))[1]`;
  return sql<SaleSummaryJson | null>`(select json_build_object(
      'channel', ${latest(sales.channel)}, 'priceMinor', ${latest(sales.priceMinor)}, 'shippingMinor', ${latest(sales.shippingChargedMinor)},
      'currency', ${latest(sales.currency)}, 'soldAt', max(${sales.soldAt}), 'quantity', sum(${sales.quantity}),
      'channels', array_agg(distinct ${sales.channel}), 'left', ${stockLeftSql(userId, itemId)})
    from ${sales}
    where ${sales.userId} = ${userId} and ${sales.itemId} = ${itemId} and ${sales.cancelledAt} is null
    having count(*) > 0)`;
}

export function itemSaleOf(json: SaleSummaryJson | null): ItemSale | null {
  if (!json) return null;
  return {
    channel: json.channel,
    price: money(Number(json.priceMinor), json.currency),
    shipping: money(Number(json.shippingMinor), json.currency),
    soldAt: new Date(json.soldAt).toISOString(),
    quantity: Number(json.quantity),
    channels: channels.filter((channel) => (json.channels ?? []).includes(channel)),
    ...doubleSaleOf(json),
  };
}

/**
 * Sold twice (decision 083): more units sold than the item had, on two channels or more, before the other listings
 * ended. The channels in the order of `channels` (eBay first).
 */
function doubleSaleOf(json: SaleSummaryJson): { doubleSale?: Channel[] } {
  if (Number(json.left) >= 0 || (json.channels ?? []).length < 2) return {};
  return { doubleSale: channels.filter((channel) => json.channels.includes(channel)) };
}
