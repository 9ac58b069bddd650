import { and, inArray, isNull, sql } from 'drizzle-orm';
import { apiChannels, type Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, sales } from '../db/schema';
import { stockLeftSql } from './stock-sql';
import { matching } from '../db/matching';

/** SQL of double sales and failed ends after a sale (decision 083), every query filtered by the user. */

export interface DoubleSaleRow {
  itemId: string;
  sku: string;
  title: string | null;
  sales: {
    saleId: string;
    channel: Channel;
    orderId: string;
    /** As the seller knows the order (Shopify's "#1039"), else its id. */
    orderName: string;
    buyer: string | null;
    priceMinor: number | string;
    currency: string;
    soldAt: string;
    listingUrl: string | null;
  }[];
}

/**
 * The seller's items sold twice (or more): more units sold than the item had (its stock left below 0), on two
 * channels or more. With `itemId`, that item alone. Each with its standing sales, oldest first.
 */
export async function doubleSoldItems(db: Db, userId: string, itemId?: string): Promise<DoubleSaleRow[]> {
  const result = await db.execute(sql`
    select i.id as "itemId", i.sku as sku, i.ai_title as title,
      json_agg(json_build_object(
        'saleId', s.id, 'channel', s.channel, 'orderId', s.external_order_id,
        'orderName', coalesce(s.order_name, s.external_order_id), 'buyer', s.buyer, 'priceMinor', s.price_minor,
        'currency', s.currency, 'soldAt', s.sold_at, 'listingUrl', l.url) order by s.sold_at, s.channel) as sales
    from items i
    join ${sales} s on s.user_id = i.user_id and s.item_id = i.id and s.cancelled_at is null
    left join ${channelListings} l on l.user_id = s.user_id and l.item_id = s.item_id and l.channel = s.channel
    where i.user_id = ${userId} ${itemId ? sql`and i.id = ${itemId}` : sql``}
      and ${stockLeftSql(sql`i.user_id`, sql`i.id`)} < 0
    group by i.id, i.sku, i.ai_title
    having count(distinct s.channel) >= 2
    order by max(s.sold_at) desc`);
  return (result as unknown as { rows: DoubleSaleRow[] }).rows;
}

/**
 * The seller cancelled one sale of a double sale on its marketplace (decision 083): it stops counting (its
 * `cancelled_at` set now; the marketplace's own cancellation, pulled later, keeps this one). True when it changed.
 */
export async function cancelSaleByHand(db: Db, userId: string, itemId: string, saleId: string): Promise<boolean> {
  const changed = await db
    .update(sales)
    .set({ cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(matching(sales, { id: saleId, userId, itemId }), isNull(sales.cancelledAt)))
    .returning({ id: sales.id });
  return changed.length > 0;
}

/** The item's API channels where its listing is still live (or being published). */
export async function liveApiChannelsOf(db: Db, userId: string, itemId: string): Promise<Channel[]> {
  const rows = await db
    .select({ channel: channelListings.channel })
    .from(channelListings)
    .where(
      and(
        matching(channelListings, { userId, itemId }),
        inArray(channelListings.channel, [...apiChannels]),
        inArray(channelListings.status, ['live', 'publishing']),
      ),
    );
  return rows.map((row) => row.channel);
}
