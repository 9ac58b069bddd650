import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelListings, itemImages, items } from '../../db/schema';
import { priceListOf } from '../../price-list/service';
import { savedPriceRuleOf } from '../../price-rules/price-rules';
import { listingOfItem, mergedListingData, saveListing, updateOwnListings, type ListingColumns } from '../listings-repo';

/** What only Shopify needs of an item's listing (channel_listings.data for channel 'shopify'). */
export interface ShopifyListingData {
  /** The product's handle: the same on every retry, so a lost answer never makes a second product. */
  handle?: string;
  /** The product's one variant (its price is revised there). */
  variantId?: string | null;
  /** The store the product is in (a reconnect to another store does not touch it). */
  shop?: string;
  /**
   * The title, description and tags as last sent, by their digest (`shopify-text-digest.ts`): a revise that would send
   * the same again (a price drop, a stock change) leaves the product's text alone and spends no points on it.
   */
  textSent?: string;
}

export type ShopifyListingRow = typeof channelListings.$inferSelect;
const isShopify = eq(channelListings.channel, 'shopify');
const ofItem = (userId: string, itemId: string) => and(eq(channelListings.itemId, itemId), eq(channelListings.userId, userId), isShopify)!;
type Write = { data?: ShopifyListingData; columns?: ListingColumns };

export const shopifyDataOf = (row: ShopifyListingRow | undefined): ShopifyListingData => (row?.data ?? {}) as ShopifyListingData;

export async function shopifyListingOf(db: Db, userId: string, itemId: string): Promise<ShopifyListingRow | undefined> {
  const [row] = await db.select().from(channelListings).where(ofItem(userId, itemId));
  return row;
}

/** Writes into the item's Shopify listing, creating it as a draft when it has none. */
export async function upsertShopifyListing(db: Db, userId: string, itemId: string, write: Write): Promise<void> {
  await saveListing(db, userId, itemId, 'shopify', write);
}

export async function updateShopifyListing(db: Db, userId: string, itemId: string, write: Write): Promise<void> {
  await updateOwnListings(db, userId, listingOfItem(itemId, 'shopify'), {
    ...write.columns,
    ...(write.data ? { data: mergedListingData(write.data) } : {}),
  });
}

/** The item, its photos in order, its Shopify listing and the seller's price list, when the user owns it. */
export async function shopifyPublishable(db: Db, userId: string, itemId: string) {
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
    listing: await shopifyListingOf(db, userId, itemId),
    priceList: await priceListOf(db, userId),
    // The seller's rule for Shopify (decision 051): its price is the asking price through it (channel-price.ts).
    rule: (await savedPriceRuleOf(db, userId, 'shopify')) ?? null,
  };
}
export type ShopifyPublishable = NonNullable<Awaited<ReturnType<typeof shopifyPublishable>>>;

/** The seller's items whose Shopify product (made through the seller's own connection) has one of these ids. */
export async function itemsOfShopifyProducts(db: Db, userId: string, productIds: string[]): Promise<Map<string, string>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ itemId: channelListings.itemId, listingId: channelListings.externalId })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), isShopify, inArray(channelListings.externalId, productIds)));
  return new Map(rows.flatMap((row) => (row.listingId ? [[row.listingId, row.itemId] as const] : [])));
}

export async function shopifyListingsOfItems(db: Db, userId: string, itemIds: string[]) {
  if (!itemIds.length) return [];
  return db
    .select({ listing: channelListings, sku: items.sku })
    .from(channelListings)
    .innerJoin(items, eq(items.id, channelListings.itemId))
    .where(and(eq(channelListings.userId, userId), isShopify, inArray(channelListings.itemId, itemIds)));
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
