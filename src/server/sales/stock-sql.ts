import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { channelListings, sales } from '../db/schema';

/**
 * SQL fragments of the item's remaining stock (decision 083), the one source of truth every channel offers from;
 * read by the sales repo, the item's sale summary and the profit view.
 */

/**
 * The item's stock (decision 083): the units the seller has, as Publish Settings saved them on its listings (the
 * largest: a listing made without one holds the default 1). One number for every channel.
 */
export type Ref = string | AnyColumn | SQL;

const itemStock = (userId: Ref, itemId: Ref) => sql`(
  select coalesce(max(stock.quantity), 1) from ${channelListings} stock
  where stock.user_id = ${userId} and stock.item_id = ${itemId})`;

/**
 * Units of the item sold on any channel (standing sales only), each counted from the first go-live of its own
 * channel's listing (a sale older than that listing is history the stock already left out, as an import's).
 */
const unitsSoldEverywhere = (userId: Ref, itemId: Ref) => sql`(
  select coalesce(sum(sold.quantity), 0) from ${sales} sold
  left join ${channelListings} own on own.user_id = sold.user_id and own.item_id = sold.item_id and own.channel = sold.channel
  where sold.user_id = ${userId} and sold.item_id = ${itemId} and sold.cancelled_at is null
    and (own.listed_at is null or sold.sold_at >= date_trunc('second', own.listed_at)))`;

/** What is left of the item to sell anywhere: its stock less every channel's standing sales; below 0: oversold. */
export const stockLeftSql = (userId: Ref, itemId: Ref): SQL<number> =>
  sql`(${itemStock(userId, itemId)} - ${unitsSoldEverywhere(userId, itemId)})`;

/**
 * Sold twice (decision 083): more units sold than the item had (stock left below 0), on two channels or more. The
 * dashboard's "Sold twice" filter; the card's notice and the banner ask the same.
 */
export const soldTwiceSql = (userId: Ref, itemId: Ref): SQL<boolean> =>
  sql`(${stockLeftSql(userId, itemId)} < 0 and (select count(distinct twice.channel) from ${sales} twice
    where twice.user_id = ${userId} and twice.item_id = ${itemId} and twice.cancelled_at is null) >= 2)`;
