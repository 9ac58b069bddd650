import { money, type Money } from '@shared/domain/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { channelListings, items, sales } from '../db/schema';
import type { Channel, ChannelListingStatus, ListingChange } from '@shared/domain/channel-listing';
import { must } from '@shared/must';

/** SQL of the event stream. Every statement is filtered by the stream's user. */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** UTC text with microseconds: exact, so it works as a cursor. */
const cursorText = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The channel the items, item_images and channel_listings triggers NOTIFY on (migrations 0003, 0008, 0011), with
 * the changed row's user id as payload.
 */
export const ITEM_CHANGES_CHANNEL = 'item_changes';

export interface ItemStatusRow {
  id: string;
  aiGenerationStatus: 'pending' | 'generating' | 'completed' | 'failed';
  aiGenerationError: string | null;
  listingReady: boolean;
  updatedAt: string;
}

/** The user's items changed after `since` (UTC text), oldest change first; index items_user_updated_idx. */
export async function itemsChangedSince(db: Db, userId: string, since: string, limit: number): Promise<ItemStatusRow[]> {
  const result = await db.execute(sql`
    select id, ai_generation_status, ai_generation_error, listing_ready, ${cursorText(items.updatedAt)} as updated_at
    from ${items}
    where ${items.userId} = ${userId} and ${items.updatedAt} > ${since}::timestamptz
    order by ${items.updatedAt}
    limit ${limit}`);
  return rowsOf<{
    id: string;
    ai_generation_status: ItemStatusRow['aiGenerationStatus'];
    ai_generation_error: string | null;
    listing_ready: boolean;
    updated_at: string;
  }>(result).map((r) => ({
    id: r.id,
    aiGenerationStatus: r.ai_generation_status,
    aiGenerationError: r.ai_generation_error,
    listingReady: r.listing_ready,
    updatedAt: r.updated_at,
  }));
}

export interface ListingStatusRow {
  itemId: string;
  channel: Channel;
  status: ChannelListingStatus;
  externalId: string | null;
  url: string | null;
  error: string | null;
  change: ListingChange | null;
  delistTask: boolean;
  updatedAt: string;
}

/**
 * The user's channel listings changed after `since` (UTC text), oldest change first; index
 * channel_listings_user_updated_idx.
 */
export async function listingsChangedSince(db: Db, userId: string, since: string, limit: number): Promise<ListingStatusRow[]> {
  const result = await db.execute(sql`
    select item_id, channel, status, external_id, url, error, pending_change, delist_task_at is not null as delist_task,
      ${cursorText(channelListings.updatedAt)} as updated_at
    from ${channelListings}
    where ${channelListings.userId} = ${userId} and ${channelListings.updatedAt} > ${since}::timestamptz
    order by ${channelListings.updatedAt}
    limit ${limit}`);
  return rowsOf<{
    item_id: string;
    channel: Channel;
    status: ChannelListingStatus;
    external_id: string | null;
    url: string | null;
    error: string | null;
    pending_change: ListingChange | null;
    delist_task: boolean;
    updated_at: string;
  }>(result).map((r) => ({
    itemId: r.item_id,
    channel: r.channel,
    status: r.status,
    externalId: r.external_id,
    url: r.url,
    error: r.error,
    change: r.pending_change,
    delistTask: r.delist_task,
    updatedAt: r.updated_at,
  }));
}

export interface SaleRow {
  id: string;
  itemId: string | null;
  channel: Channel;
  orderId: string;
  quantity: number;
  price: Money;
  currency: string;
  soldAt: string;
  cancelled: boolean;
  updatedAt: string;
}

/** The user's sales recorded or changed (a cancellation) after `since`, oldest change first. */
export async function salesChangedSince(db: Db, userId: string, since: string, limit: number): Promise<SaleRow[]> {
  const result = await db.execute(sql`
    select id, item_id, channel, external_order_id, quantity, price_minor::text as price_minor, currency, ${cursorText(sales.soldAt)} as sold_at,
      cancelled_at is not null as cancelled, ${cursorText(sales.updatedAt)} as updated_at
    from ${sales}
    where ${sales.userId} = ${userId} and ${sales.updatedAt} > ${since}::timestamptz
    order by ${sales.updatedAt}
    limit ${limit}`);
  return rowsOf<{
    id: string;
    item_id: string | null;
    channel: Channel;
    external_order_id: string;
    quantity: number;
    price_minor: string;
    currency: string;
    sold_at: string;
    cancelled: boolean;
    updated_at: string;
  }>(result).map((r) => ({
    id: r.id,
    itemId: r.item_id,
    channel: r.channel,
    orderId: r.external_order_id,
    quantity: r.quantity,
    // Minor units with their currency, as every money contract (decision 081).
    price: money(Number(r.price_minor), r.currency),
    currency: r.currency,
    soldAt: r.sold_at,
    cancelled: r.cancelled,
    updatedAt: r.updated_at,
  }));
}

/** The database's clock as UTC text with microseconds (a new stream's cursor starts here). */
export async function databaseNow(db: Db): Promise<string> {
  const result = await db.execute(sql`select ${cursorText(sql`now()`)} as now`);
  return must(rowsOf<{ now: string }>(result)[0], 'select now() returns one row').now;
}
