import { asc, eq, sql } from 'drizzle-orm';
import { ebayItemFieldsOf, noEbayItemFields, type EbayItemFields } from '../listing-data';
import { ebayListingOf, mergedData, upsertEbayListing, type ChannelListingRow } from '../listing-repo';
import type { Db } from '../../../db/client';
import { channelListings, ebayImageUploads, itemImages, items } from '../../../db/schema';
import { listingOfItem, updateOwnListings } from '../../listings-repo';
import { priceColumns, type ChannelPrice } from '../../../price-rules/channel-price';
import { matching } from '../../../db/matching';

/** The item with the category and condition of its eBay listing, as the publish side has always read them. */
export type PublishItemRow = typeof items.$inferSelect & EbayItemFields;
/** A photo with its copy on eBay's picture service, when it has one. */
export type PublishImageRow = typeof itemImages.$inferSelect & { ebayImageUrl: string | null; ebayImageExpiresAt: Date | null };
export type EbayListingRow = ChannelListingRow;

export interface PublishableItem {
  item: PublishItemRow;
  images: PublishImageRow[];
  listing: EbayListingRow | undefined;
}

/** The item, its photos in order and its eBay listing row, when the user owns it. */
export async function publishableItem(db: Db, userId: string, itemId: string): Promise<PublishableItem | undefined> {
  const [item] = await db
    .select()
    .from(items)
    .where(matching(items, { id: itemId, userId }));
  if (!item) return undefined;
  const rows = await db
    .select({ image: itemImages, ebayImageUrl: ebayImageUploads.url, ebayImageExpiresAt: ebayImageUploads.expiresAt })
    .from(itemImages)
    .leftJoin(ebayImageUploads, eq(ebayImageUploads.imageId, itemImages.id))
    .where(matching(itemImages, { itemId, userId }))
    .orderBy(asc(itemImages.order));
  const images = rows.map((r) => ({ ...r.image, ebayImageUrl: r.ebayImageUrl, ebayImageExpiresAt: r.ebayImageExpiresAt }));
  const listing = await ebayListingOf(db, userId, itemId);
  return { item: { ...item, ...(listing ? ebayItemFieldsOf(listing.data) : noEbayItemFields) }, images, listing };
}

/** Marks the item publishing with the price and quantity the seller chose; keeps an offer id from before. */
export async function startPublish(
  db: Db,
  userId: string,
  item: { id: string; sku: string },
  terms: { priced: Pick<ChannelPrice, 'price' | 'source'>; quantity: number; floorConfirmedMinor?: number | null },
) {
  await db.transaction(async (tx) => {
    await upsertEbayListing(tx, userId, item.id, {
      data: { sku: item.sku, settingsSaved: true },
      columns: {
        ...priceColumns(terms.priced),
        ...(terms.floorConfirmedMinor !== undefined ? { floorConfirmedMinor: terms.floorConfirmedMinor } : {}),
        quantity: terms.quantity,
        status: 'publishing',
        error: null,
      },
    });
  });
}

export async function saveEbayImage(db: Db, userId: string, imageId: string, image: { url: string; expiresAt: Date | null }) {
  await db
    .insert(ebayImageUploads)
    .values({ imageId, userId, url: image.url, expiresAt: image.expiresAt })
    .onConflictDoUpdate({
      target: ebayImageUploads.imageId,
      set: { url: image.url, expiresAt: image.expiresAt, updatedAt: new Date() },
      setWhere: eq(ebayImageUploads.userId, userId),
    });
}

export async function saveOfferId(db: Db, userId: string, itemId: string, offerId: string) {
  await updateOwnListings(db, userId, listingOfItem(itemId, 'ebay'), { data: mergedData({ offerId }) });
}

export async function markPublished(db: Db, userId: string, itemId: string, published: { listingId: string; listingUrl: string }) {
  await db.transaction(async (tx) => {
    await updateOwnListings(tx, userId, listingOfItem(itemId, 'ebay'), {
      externalId: published.listingId,
      url: published.listingUrl,
      status: 'live',
      error: null,
      // When it first went live: publishing a live listing again (a revise) or relisting it keeps the date, so the
      // units sold since are still taken off what is offered (sales-repo stockLeft).
      listedAt: sql`coalesce(${channelListings.listedAt}, now())`,
    });
  });
}

/** How many photos the item has (readiness needs at least one). */
export async function imageCountOf(db: Db, userId: string, itemId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(itemImages)
    .where(matching(itemImages, { itemId, userId }));
  return Number(row?.count ?? 0);
}
