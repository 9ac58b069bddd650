import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings, itemImages, items } from '../db/schema';
import { priceListOf } from '../price-list/service';
import { savedPriceRuleOf } from '../price-rules/price-rules';
import {
  listingOfItem,
  mergedListingData,
  ownListingOfItem,
  saveListing,
  updateOwnListings,
  type ListingColumns,
  type ListingRow,
} from './listings-repo';
import { matching } from '../db/matching';

/**
 * The reads and writes every API marketplace makes of its own listings (channel_listings rows of its channel), in one
 * place: a marketplace's `listing-repo.ts` names its data's shape and takes these, adding only what is its own. Every
 * query is the seller's own.
 */

/** The first time the listing went live, kept across relists. */
export const firstListedAt = sql`coalesce(${channelListings.listedAt}, now())` as unknown as Date;

/** The item's listing on the channel, when the seller has one. */
export async function listingOnChannel(db: Db, userId: string, itemId: string, channel: ApiChannel): Promise<ListingRow | undefined> {
  const [row] = await db
    .select()
    .from(channelListings)
    .where(ownListingOfItem(userId, itemId, channel));
  return row;
}

/** The item and its photos in order, its listing on the channel, the price list and the channel's price rule. */
async function publishableOn(db: Db, userId: string, itemId: string, channel: ApiChannel) {
  const [item] = await db
    .select()
    .from(items)
    .where(matching(items, { id: itemId, userId }));
  if (!item) return undefined;
  const images = await db.select().from(itemImages).where(matching(itemImages, { itemId, userId })).orderBy(asc(itemImages.order));
  return {
    item,
    images,
    listing: await listingOnChannel(db, userId, itemId, channel),
    // The seller's own price list prices an item without an asking price; the channel's rule (decision 051) goes over
    // the asking price (channel-price.ts).
    priceList: await priceListOf(db, userId),
    rule: (await savedPriceRuleOf(db, userId, channel)) ?? null,
  };
}
export type Publishable = NonNullable<Awaited<ReturnType<typeof publishableOn>>>;

/** One marketplace's listings, its data typed as `Data`. */
export function channelListingRepo<Data extends object>(channel: ApiChannel) {
  const onChannel = eq(channelListings.channel, channel);
  type Write = { data?: Data; columns?: ListingColumns };

  return {
    onChannel,
    dataOf: (row: ListingRow | undefined): Data => (row?.data ?? {}) as Data,
    listingOf: (db: Db, userId: string, itemId: string) => listingOnChannel(db, userId, itemId, channel),

    /** Writes into the item's listing, creating it as a draft when it has none; answers the row as written. */
    async save(db: Db, userId: string, itemId: string, write: Write): Promise<ListingRow> {
      const row = await saveListing(db, userId, itemId, channel, write);
      if (!row) throw new Error(`the ${channel} listing upsert returns its row`);
      return row;
    },

    /** Changes the item's existing listing (none: nothing). */
    async update(db: Db, userId: string, itemId: string, write: Write): Promise<void> {
      await updateOwnListings(db, userId, listingOfItem(itemId, channel), {
        ...write.columns,
        ...(write.data ? { data: mergedListingData(write.data) } : {}),
      });
    },

    publishable: (db: Db, userId: string, itemId: string) => publishableOn(db, userId, itemId, channel),

    /** The seller's items whose listing here (made through the seller's own connection) has one of these ids. */
    async itemsOfExternalIds(db: Db, userId: string, externalIds: string[]): Promise<Map<string, string>> {
      if (!externalIds.length) return new Map();
      const rows = await db
        .select({ itemId: channelListings.itemId, listingId: channelListings.externalId })
        .from(channelListings)
        .where(and(eq(channelListings.userId, userId), onChannel, inArray(channelListings.externalId, externalIds)));
      return new Map(rows.flatMap((row) => (row.listingId ? [[row.listingId, row.itemId] as const] : [])));
    },

    /** The items' listings here, each with its item's SKU. */
    async listingsOfItems(db: Db, userId: string, itemIds: string[]) {
      if (!itemIds.length) return [];
      return db
        .select({ listing: channelListings, sku: items.sku })
        .from(channelListings)
        .innerJoin(items, eq(items.id, channelListings.itemId))
        .where(and(eq(channelListings.userId, userId), onChannel, inArray(channelListings.itemId, itemIds)));
    },
  };
}
