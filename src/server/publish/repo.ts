import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ebayListings, itemImages, items } from '../db/schema';
import { itemHasJob } from '../jobs/queue';

export type PublishItemRow = typeof items.$inferSelect;
export type PublishImageRow = typeof itemImages.$inferSelect;
export type EbayListingRow = typeof ebayListings.$inferSelect;

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
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
  if (!item) return undefined;
  const images = await db
    .select()
    .from(itemImages)
    .where(and(eq(itemImages.itemId, itemId), eq(itemImages.userId, userId)))
    .orderBy(asc(itemImages.order));
  const [listing] = await db
    .select()
    .from(ebayListings)
    .where(and(eq(ebayListings.itemId, itemId), eq(ebayListings.userId, userId)));
  return { item, images, listing };
}

/** The item's row changes with its listing, so the event stream (items' notify trigger) carries every step. */
async function touchItem(db: Db, userId: string, itemId: string) {
  await db
    .update(items)
    .set({ updatedAt: new Date() })
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
}

/** Marks the item publishing with the price and quantity the seller chose; keeps an offer id from before. */
export async function startPublish(db: Db, userId: string, item: { id: string; sku: string }, terms: { price: number; quantity: number }) {
  await db.transaction(async (tx) => {
    await tx
      .insert(ebayListings)
      .values({ userId, itemId: item.id, sku: item.sku, price: terms.price, quantity: terms.quantity, publishStatus: 'publishing' })
      .onConflictDoUpdate({
        target: ebayListings.itemId,
        set: {
          sku: item.sku,
          price: terms.price,
          quantity: terms.quantity,
          publishStatus: 'publishing',
          publishError: null,
          updatedAt: new Date(),
        },
      });
    await touchItem(tx, userId, item.id);
  });
}

export async function saveEbayImage(db: Db, userId: string, imageId: string, image: { url: string; expiresAt: Date | null }) {
  await db
    .update(itemImages)
    .set({ ebayImageUrl: image.url, ebayImageExpiresAt: image.expiresAt })
    .where(and(eq(itemImages.id, imageId), eq(itemImages.userId, userId)));
}

export async function saveOfferId(db: Db, userId: string, itemId: string, offerId: string) {
  await db
    .update(ebayListings)
    .set({ offerId, updatedAt: new Date() })
    .where(and(eq(ebayListings.itemId, itemId), eq(ebayListings.userId, userId)));
}

export async function markPublished(db: Db, userId: string, itemId: string, published: { listingId: string; listingUrl: string }) {
  await db.transaction(async (tx) => {
    await tx
      .update(ebayListings)
      .set({ ...published, publishStatus: 'published', publishError: null, publishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(ebayListings.itemId, itemId), eq(ebayListings.userId, userId)));
    await touchItem(tx, userId, itemId);
  });
}

export async function markPublishFailed(db: Db, userId: string, itemId: string, message: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(ebayListings)
      .set({ publishStatus: 'failed', publishError: message, updatedAt: new Date() })
      .where(and(eq(ebayListings.itemId, itemId), eq(ebayListings.userId, userId)));
    await touchItem(tx, userId, itemId);
  });
}

/** Listings left publishing with no publish job waiting or running (a job lost with its process): failed. */
export async function failOrphanedPublishes(db: Db, message: string): Promise<number> {
  const result = await db.execute(sql`
    with orphans as (
      update ${ebayListings} set publish_status = 'failed', publish_error = ${message}, updated_at = now()
      where ${ebayListings.publishStatus} = 'publishing'
        and ${ebayListings.updatedAt} < now() - interval '1 minute'
        and not ${itemHasJob(ebayListings.itemId, { kind: 'publish-listing' })}
      returning ${ebayListings.itemId} as item_id
    )
    update ${items} set updated_at = now() where ${items.id} in (select item_id from orphans)
    returning ${items.id}`);
  return (result as { rows: unknown[] }).rows.length;
}
