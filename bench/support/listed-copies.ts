/**
 * Many live listings at once for a bench: copies of an item the app listed through its own publish, written in bulk
 * (the item, its photos' rows and eBay picture URLs, its channel listing) with the marketplace's listing copied in the
 * fake under the copy's SKU (eBay's inventory item, offer and listing; Etsy's listing; Shopify's product). What the
 * app then does with a copy (revise, end, relist) runs as it would on the listing it was copied from; making 1,000
 * listings this way takes seconds, where 1,000 publishes took 20 minutes on a loaded machine.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../../src/server/db/client';
import { channelListings, ebayImageUploads, itemImages, items } from '../../src/server/db/schema';
import type { Fakes, Seller } from '../../src/server/test/crosslisted-items';

type ListingRow = typeof channelListings.$inferSelect;
/** The copy's marketplace listing: its id, address and the channel's data for it. */
type CopiedListing = { externalId: string; url: string | null; data: Record<string, unknown> };

const ROWS_A_WRITE = 200;

async function insertInChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_A_WRITE) await write(rows.slice(i, i + ROWS_A_WRITE));
}

/** The template's marketplace listing copied in the fake once a SKU. */
function copyAtMarketplace(fakes: Fakes, seller: Seller, channel: ApiChannel, template: ListingRow, templateSku: string, skus: string[]) {
  const externalId = template.externalId!;
  const url = (id: string) => template.url?.replace(externalId, id) ?? null;
  if (channel === 'ebay') {
    const data = template.data as { ebaySku?: string };
    const prefix = (data.ebaySku ?? templateSku).slice(0, -templateSku.length);
    return skus.map((sku): CopiedListing => {
      const copy = fakes.ebay.state.copyLiveListing(externalId, `${prefix}${sku}`);
      return {
        externalId: copy.listingId,
        url: url(copy.listingId),
        data: { ...template.data, sku, ebaySku: `${prefix}${sku}`, offerId: copy.offerId, pastListingIds: [] },
      };
    });
  }
  if (channel === 'etsy') {
    return fakes
      .etsy!.copyListing(Number(externalId), skus)
      .map((id): CopiedListing => ({ externalId: String(id), url: url(String(id)), data: template.data }));
  }
  const shop = fakes.shopify!.shop(seller.shop!);
  const handle = shop.products.get(externalId)!.handle;
  return skus.map((sku): CopiedListing => {
    const copy = shop.copyProduct(externalId, sku);
    return {
      externalId: copy.id,
      url: template.url?.replace(handle, copy.handle) ?? null,
      data: { ...template.data, variantId: copy.variants[0]!.id },
    };
  });
}

/**
 * `skus.length` copies of the seller's item `itemId`, live on `channel` as it is: the copies' item ids, in the order
 * of `skus`. The template must be live there (published through the app).
 */
export async function copiesOfListedItem(
  db: Db,
  fakes: Fakes,
  seller: Seller,
  template: { itemId: string; channel: ApiChannel },
  skus: string[],
): Promise<string[]> {
  const [item] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, template.itemId), eq(items.userId, seller.id)));
  const [listing] = await db
    .select()
    .from(channelListings)
    .where(and(eq(channelListings.itemId, template.itemId), eq(channelListings.channel, template.channel)));
  if (!item || listing?.status !== 'live') throw new Error(`the template ${template.itemId} is not live on ${template.channel}`);
  const images = await db.select().from(itemImages).where(eq(itemImages.itemId, template.itemId));
  const pictures = images.length
    ? await db
        .select()
        .from(ebayImageUploads)
        .where(
          inArray(
            ebayImageUploads.imageId,
            images.map((image) => image.id),
          ),
        )
    : [];
  const copied = copyAtMarketplace(fakes, seller, template.channel, listing, item.sku, skus);
  const now = new Date();
  const itemIds = skus.map(() => randomUUID());
  const imageRows = itemIds.flatMap((itemId) => images.map((image) => ({ ...image, id: randomUUID(), itemId, createdAt: now })));
  const pictureRows = imageRows.flatMap((image, i) => {
    const picture = pictures.find((p) => p.imageId === images[i % images.length]!.id);
    return picture ? [{ ...picture, imageId: image.id, createdAt: now, updatedAt: now }] : [];
  });
  await insertInChunks(
    skus.map((sku, i) => ({ ...item, id: itemIds[i]!, sku, uploadKey: null, createdAt: now, updatedAt: now })),
    (chunk) => db.insert(items).values(chunk),
  );
  await insertInChunks(imageRows, (chunk) => db.insert(itemImages).values(chunk));
  await insertInChunks(pictureRows, (chunk) => db.insert(ebayImageUploads).values(chunk));
  await insertInChunks(
    copied.map((copy, i) => ({ ...listing, ...copy, id: randomUUID(), itemId: itemIds[i]!, createdAt: now, updatedAt: now })),
    (chunk) => db.insert(channelListings).values(chunk),
  );
  return itemIds;
}
