import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelListings, itemImages, items } from '../../db/schema';
import { priceListOf } from '../../price-list/service';
import { savedPriceRuleOf } from '../../price-rules/price-rules';
import { listingOfItem, mergedListingData, saveListing, updateOwnListings, type ListingColumns } from '../listings-repo';

/** What only Etsy needs of an item's listing (channel_listings.data for channel 'etsy'). */
export interface EtsyListingData {
  /**
   * The seller's answer to "when was it made" (never assumed: Etsy's vintage means 20 years or older), as Etsy named
   * the era when they answered: read through currentEtsyWhenMade (Etsy renames its years every year).
   */
  whenMade?: string | null;
  /**
   * When the seller said yes to moving the listing onto the shop's processing profile (Etsy cannot undo it): until
   * then a listing still on its own processing times is updated without one, never switched silently.
   */
  processingSwitchConfirmedAt?: string | null;
  /**
   * When an inventory naming the shop's processing profile reached Etsy (a listing made here names it from its draft):
   * the listing uses profiles for good (Etsy cannot undo it), so later updates need not read whether it still ships
   * on its own processing times (decision 109).
   */
  profileNamedAt?: string | null;
  /** When a draft was asked of Etsy and no listing id came back yet: a retry looks for that draft first. */
  draftRequestedAt?: string | null;
}

export type EtsyListingRow = typeof channelListings.$inferSelect;
export const isEtsy = eq(channelListings.channel, 'etsy');
const ofItem = (userId: string, itemId: string) => and(eq(channelListings.itemId, itemId), eq(channelListings.userId, userId), isEtsy)!;

/** The first time the listing went live, kept across relists. */
export const firstEtsyListedAt = sql`coalesce(${channelListings.listedAt}, now())` as unknown as Date;

export const etsyDataOf = (row: EtsyListingRow | undefined): EtsyListingData => (row?.data ?? {}) as EtsyListingData;

export async function etsyListingOf(db: Db, userId: string, itemId: string): Promise<EtsyListingRow | undefined> {
  const [row] = await db.select().from(channelListings).where(ofItem(userId, itemId));
  return row;
}

/** Writes into the item's Etsy listing, creating it as a draft when it has none. */
export async function upsertEtsyListing(
  db: Db,
  userId: string,
  itemId: string,
  write: { data?: EtsyListingData; columns?: ListingColumns },
): Promise<EtsyListingRow> {
  const row = await saveListing(db, userId, itemId, 'etsy', write);
  if (!row) throw new Error('the Etsy listing upsert returns its row');
  return row;
}

export async function updateEtsyListing(
  db: Db,
  userId: string,
  itemId: string,
  write: { data?: EtsyListingData; columns?: ListingColumns },
) {
  await db.transaction(async (tx) => {
    await updateOwnListings(tx, userId, listingOfItem(itemId, 'etsy'), {
      ...write.columns,
      ...(write.data ? { data: mergedListingData(write.data) } : {}),
    });
  });
}

/** The item and its photos in order, when the user owns it. */
export async function etsyPublishable(db: Db, userId: string, itemId: string) {
  const [item] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
  if (!item) return undefined;
  const images = await db
    .select()
    .from(itemImages)
    .where(and(eq(itemImages.itemId, itemId), eq(itemImages.userId, userId)))
    .orderBy(asc(itemImages.order));
  // The seller's own price list prices an item without an asking price, as on eBay.
  return {
    item,
    images,
    listing: await etsyListingOf(db, userId, itemId),
    priceList: await priceListOf(db, userId),
    // The seller's rule for Etsy (decision 051): its price is the asking price through it (channel-price.ts).
    rule: (await savedPriceRuleOf(db, userId, 'etsy')) ?? null,
  };
}
export type EtsyPublishable = NonNullable<Awaited<ReturnType<typeof etsyPublishable>>>;

/** The seller's items whose Etsy listing (made through the seller's own connection) has one of these listing ids. */
export async function itemsOfEtsyListings(db: Db, userId: string, listingIds: string[]): Promise<Map<string, string>> {
  if (!listingIds.length) return new Map();
  const rows = await db
    .select({ itemId: channelListings.itemId, listingId: channelListings.externalId })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), isEtsy, inArray(channelListings.externalId, listingIds)));
  return new Map(rows.flatMap((row) => (row.listingId ? [[row.listingId, row.itemId] as const] : [])));
}

export async function etsyListingsOfItems(db: Db, userId: string, itemIds: string[]) {
  if (!itemIds.length) return [];
  return db
    .select({ listing: channelListings, sku: items.sku })
    .from(channelListings)
    .innerJoin(items, eq(items.id, channelListings.itemId))
    .where(and(eq(channelListings.userId, userId), isEtsy, inArray(channelListings.itemId, itemIds)));
}
