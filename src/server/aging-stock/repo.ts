import { and, eq, isNotNull } from 'drizzle-orm';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, items } from '../db/schema';

/** One live listing of the seller's with its item: the aging stock view's rows (read only). */
export interface LiveStockRow {
  itemId: string;
  sku: string;
  title: string | null;
  costMinor: number | null;
  currency: string;
  askingPriceMinor: number | null;
  channel: Channel;
  externalId: string | null;
  /** The listing's own price (null: the item's asking price through the channel's rule) and its currency. */
  priceMinor: number | null;
  priceCurrency: string;
  listedAt: Date;
}

/** Every live listing of the user (and only theirs: both the listing and its item are filtered by the user). */
export async function liveStockOf(db: Db, userId: string): Promise<LiveStockRow[]> {
  return db
    .select({
      itemId: items.id,
      sku: items.sku,
      title: items.aiTitle,
      costMinor: items.costMinor,
      currency: items.currency,
      askingPriceMinor: items.aiSuggestedPriceMinor,
      channel: channelListings.channel,
      externalId: channelListings.externalId,
      priceMinor: channelListings.priceMinor,
      priceCurrency: channelListings.currency,
      listedAt: channelListings.listedAt,
    })
    .from(channelListings)
    .innerJoin(items, and(eq(items.id, channelListings.itemId), eq(items.userId, userId)))
    .where(and(eq(channelListings.userId, userId), eq(channelListings.status, 'live'), isNotNull(channelListings.listedAt)))
    .orderBy(channelListings.listedAt) as Promise<LiveStockRow[]>;
}
