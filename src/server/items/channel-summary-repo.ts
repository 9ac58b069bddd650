import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ItemChannelListing } from '@shared/contracts/items';
import { channels, type Channel, type ChannelListingStatus } from '@shared/domain/channel-listing';
import { channelListings } from '../db/schema';

/** One listing as the summary subquery answers it (json). */
export interface ChannelListingJson {
  channel: string;
  status: string;
  url: string | null;
  error: string | null;
  delistTask: boolean;
  /** The listing's own price (minor units of `currency`; null: none of its own), quantity and change on its way. */
  priceMinor: number | string | null;
  currency: string;
  quantity: number;
  change: string | null;
  /** What the channel alone keeps of it (its own zod type, read only in the channel's folder). */
  data: unknown;
}

/**
 * The item's listings on every channel (a card's per-channel status: live, ended, sold, a delist task), as one json
 * array read beside the item; null without any. One indexed lookup (channel_listings_item_channel_unique).
 */
export function channelListingsSql(userId: AnyColumn | SQL, itemId: AnyColumn | SQL): SQL<ChannelListingJson[] | null> {
  return sql<ChannelListingJson[] | null>`(select json_agg(json_build_object(
      'channel', ${channelListings.channel}, 'status', ${channelListings.status}, 'url', ${channelListings.url},
      'error', ${channelListings.error}, 'delistTask', ${channelListings.delistTaskAt} is not null,
      'priceMinor', ${channelListings.priceMinor}, 'currency', ${channelListings.currency}, 'quantity', ${channelListings.quantity},
      'change', ${channelListings.pendingChange}, 'data', ${channelListings.data})
      )
    from ${channelListings}
    where ${channelListings.userId} = ${userId} and ${channelListings.itemId} = ${itemId})`;
}

/** The listings in the order of `channels` (eBay first), as the browser keeps them. */
export function itemChannelListingsOf(json: ChannelListingJson[] | null): ItemChannelListing[] {
  const order = (listing: ChannelListingJson) => channels.indexOf(listing.channel as Channel);
  return [...(json ?? [])]
    .sort((a, b) => order(a) - order(b))
    .map((listing) => ({
      channel: listing.channel as Channel,
      status: listing.status as ChannelListingStatus,
      url: listing.url,
      error: listing.error,
      delistTask: listing.delistTask,
    }));
}
