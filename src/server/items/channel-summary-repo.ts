import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PriceSource } from '@shared/domain/channel-price';
import type { PriceRounding } from '@shared/domain/price-rule';
import { channelListings, channelPriceRules } from '../db/schema';

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
  priceSource: PriceSource | null;
  priceBasis?: string | null;
  quantity: number;
  /** The price the marketplace last accepted (minor units of `currency`; null: none known). */
  sentPriceMinor?: number | string | null;
  change: string | null;
  /** What the channel alone keeps of it (its own zod type, read only in the channel's folder). */
  data: unknown;
  /** The seller's price rule for the channel (null: none). */
  rule: { percent: number | string; rounding: PriceRounding } | null;
}

/**
 * A column named with its table: in a one-table select (the item's read) drizzle leaves columns bare, and inside the
 * rule's subquery a bare "user_id" or "channel" would be the rules table's own, matching every seller's rules.
 */
const listingColumn = (column: typeof channelListings.userId | typeof channelListings.channel) =>
  sql`${channelListings}.${sql.identifier(column.name)}`;
const ruleColumn = (column: typeof channelPriceRules.userId | typeof channelPriceRules.channel) =>
  sql`${channelPriceRules}.${sql.identifier(column.name)}`;

/**
 * The item's listings on every channel (a card's per-channel status: live, ended, sold, a delist task), each with the
 * seller's price rule for its channel, as one json array read beside the item; null without any. One indexed lookup
 * (channel_listings_item_channel_unique), and the rule by its primary key.
 */
export function channelListingsSql(userId: AnyColumn | SQL, itemId: AnyColumn | SQL): SQL<ChannelListingJson[] | null> {
  return sql<ChannelListingJson[] | null>`(select json_agg(json_build_object(
      'channel', ${channelListings.channel}, 'status', ${channelListings.status}, 'url', ${channelListings.url},
      'error', ${channelListings.error}, 'delistTask', ${channelListings.delistTaskAt} is not null,
      'priceMinor', ${channelListings.priceMinor}, 'currency', ${channelListings.currency},
      'priceSource', ${channelListings.priceSource}, 'priceBasis', ${channelListings.priceBasis}, 'quantity', ${channelListings.quantity},
      'sentPriceMinor', ${channelListings.sentPriceMinor}, 'change', ${channelListings.pendingChange}, 'data', ${channelListings.data},
      'rule', (select json_build_object('percent', ${channelPriceRules.percent}, 'rounding', ${channelPriceRules.rounding})
        from ${channelPriceRules}
        where ${ruleColumn(channelPriceRules.userId)} = ${listingColumn(channelListings.userId)}
          and ${ruleColumn(channelPriceRules.channel)} = ${listingColumn(channelListings.channel)}))
      )
    from ${channelListings}
    where ${channelListings.userId} = ${userId} and ${channelListings.itemId} = ${itemId})`;
}
