import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { PriceSource } from '@shared/domain/channel-price';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items } from '../db/schema';
import { stockLeftSql } from '../sales/stock-sql';
import { matching } from '../db/matching';

/** One live listing of the seller's with its item: the aging stock view's rows (read only). */
export interface LiveStockRow {
  itemId: string;
  sku: string;
  title: string | null;
  costMinor: number | null;
  currency: string;
  askingPriceMinor: number | null;
  aiSuggestedPriceMinor: number | null;
  channel: Channel;
  externalId: string | null;
  /** The listing's own price (null: the item's asking price through the channel's rule) and its currency. */
  priceMinor: number | null;
  priceCurrency: string;
  priceSource: PriceSource | null;
  listedAt: Date;
}

/**
 * Every live listing of the user (and only theirs: both the listing and its item are filtered by the user) whose item
 * has stock left: an item sold out on one marketplace is no stock, even while its other listings are being ended.
 */
export async function liveStockOf(db: Db, userId: string): Promise<LiveStockRow[]> {
  return db
    .select({
      itemId: items.id,
      sku: items.sku,
      title: items.aiTitle,
      costMinor: items.costMinor,
      currency: items.currency,
      askingPriceMinor: items.askingPriceMinor,
      aiSuggestedPriceMinor: items.aiSuggestedPriceMinor,
      channel: channelListings.channel,
      externalId: channelListings.externalId,
      priceMinor: channelListings.priceMinor,
      priceCurrency: channelListings.currency,
      priceSource: channelListings.priceSource,
      listedAt: channelListings.listedAt,
    })
    .from(channelListings)
    .innerJoin(items, and(eq(items.id, channelListings.itemId), eq(items.userId, userId)))
    .where(
      and(
        matching(channelListings, { userId, status: 'live' }),
        isNotNull(channelListings.listedAt),
        sql`${stockLeftSql(userId, items.id)} > 0`,
      ),
    )
    .orderBy(channelListings.listedAt) as Promise<LiveStockRow[]>;
}
