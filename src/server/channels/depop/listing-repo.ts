import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelListings, itemImages, items } from '../../db/schema';
import { priceListOf } from '../../price-list/service';
import { savedPriceRuleOf } from '../../price-rules/price-rules';
import { listingOfItem, mergedListingData, saveListing, updateOwnListings, type ListingColumns } from '../listings-repo';

/**
 * What only Depop needs of an item's listing (channel_listings.data for channel 'depop'): what Depop asks that our item
 * does not tell (its product type, its size ids, the national shipping price), and what Depop answered.
 */
export interface DepopListingData {
  /** Depop's product type, where our category tells none (or the seller chose another); null: the category's. */
  productType?: string | null;
  /** Depop's size set and size of a sized product type (its own ids); null: not chosen. */
  sizeSetId?: number | null;
  sizeId?: number | null;
  /** What a buyer in the shop's country pays for shipping, in its currency ("3.50"; "0.00": free); null: not set. */
  nationalShipping?: string | null;
  /** Depop's product slug (its page) and the Depop seller it was listed with. */
  slug?: string;
  depopSellerId?: string;
}

export type DepopListingRow = typeof channelListings.$inferSelect;
const isDepop = eq(channelListings.channel, 'depop');
const ofItem = (userId: string, itemId: string) => and(eq(channelListings.itemId, itemId), eq(channelListings.userId, userId), isDepop)!;
type Write = { data?: DepopListingData; columns?: ListingColumns };

export const depopDataOf = (row: DepopListingRow | undefined): DepopListingData => (row?.data ?? {}) as DepopListingData;

export async function depopListingOf(db: Db, userId: string, itemId: string): Promise<DepopListingRow | undefined> {
  const [row] = await db.select().from(channelListings).where(ofItem(userId, itemId));
  return row;
}

/** Writes into the item's Depop listing, creating it as a draft when it has none; answers its data as written. */
export async function upsertDepopListing(db: Db, userId: string, itemId: string, write: Write): Promise<DepopListingData> {
  return depopDataOf(await saveListing(db, userId, itemId, 'depop', write));
}

export async function updateDepopListing(db: Db, userId: string, itemId: string, write: Write): Promise<void> {
  await updateOwnListings(db, userId, listingOfItem(itemId, 'depop'), {
    ...write.columns,
    ...(write.data ? { data: mergedListingData(write.data) } : {}),
  });
}

/** The seller's item's category and currency, held (for update) until the transaction ends; undefined: not theirs. */
export async function lockItemForAnswers(tx: Db, userId: string, itemId: string) {
  const [item] = await tx
    .select({ category: items.category, currency: items.currency })
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.userId, userId)))
    .for('update');
  return item;
}

/** The item, its photos in order, its Depop listing and the seller's price list, when the user owns it. */
export async function depopPublishable(db: Db, userId: string, itemId: string) {
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
  return {
    item,
    images,
    listing: await depopListingOf(db, userId, itemId),
    priceList: await priceListOf(db, userId),
    // The seller's rule for Depop (decision 051): its price is the asking price through it (channel-price.ts).
    rule: (await savedPriceRuleOf(db, userId, 'depop')) ?? null,
  };
}
export type DepopPublishable = NonNullable<Awaited<ReturnType<typeof depopPublishable>>>;

/** The seller's items whose Depop product (made through the seller's own connection) has one of these ids. */
export async function itemsOfDepopProducts(db: Db, userId: string, productIds: string[]): Promise<Map<string, string>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ itemId: channelListings.itemId, listingId: channelListings.externalId })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), isDepop, inArray(channelListings.externalId, productIds)));
  return new Map(rows.flatMap((row) => (row.listingId ? [[row.listingId, row.itemId] as const] : [])));
}

export async function depopListingsOfItems(db: Db, userId: string, itemIds: string[]) {
  if (!itemIds.length) return [];
  return db
    .select({ listing: channelListings, sku: items.sku })
    .from(channelListings)
    .innerJoin(items, eq(items.id, channelListings.itemId))
    .where(and(eq(channelListings.userId, userId), isDepop, inArray(channelListings.itemId, itemIds)));
}

/** The first time the listing went live, kept across relists. */
export const firstListedAt = sql`coalesce(${channelListings.listedAt}, now())` as unknown as Date;

/** Which of `itemIds` the seller owns. */
export async function ownedItemIds(db: Db, userId: string, itemIds: string[]): Promise<string[]> {
  if (!itemIds.length) return [];
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, itemIds)));
  return rows.map((row) => row.id);
}
