/**
 * Tests' view of an item's eBay listing in the words the publish code used before channel_listings (migration
 * 0011): publishStatus published/publishing/failed/null, publishError, listingId... so a test reads as the seller
 * sees it, and seeds a listing the same way.
 */
import { money, type Money } from '@shared/domain/money';
import { and, eq } from 'drizzle-orm';
import { ebayDataOf, publishStatusOf, type EbayListingData } from '../channels/ebay/listing-data';
import { mergedData } from '../channels/ebay/listing-sql';
import type { Db } from '../db/client';
import { channelListings, ebayImageUploads } from '../db/schema';
import type { ChannelListingStatus } from '@shared/domain/channel-listing';

export interface EbayListingView {
  publishStatus: string | null;
  publishError: string | null;
  listingId: string | null;
  listingUrl: string | null;
  price: Money | null;
  quantity: number;
  publishedAt: Date | null;
  offerId: string | null;
  ebaySku: string | null;
  categoryId: string | null;
  conditionGrade: string | null;
  settingsSaved: boolean;
}

/** The item's eBay listing, or undefined when it has none. */
export async function ebayListingRow(db: Db, itemId: string): Promise<EbayListingView | undefined> {
  const [row] = await db
    .select()
    .from(channelListings)
    .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, 'ebay')));
  if (!row) return undefined;
  const data = ebayDataOf(row.data);
  return {
    publishStatus: publishStatusOf(row.status),
    publishError: row.error,
    listingId: row.externalId,
    listingUrl: row.url,
    price: row.priceMinor === null ? null : money(row.priceMinor, row.currency),
    quantity: row.quantity,
    publishedAt: row.listedAt,
    offerId: data.offerId ?? null,
    ebaySku: data.ebaySku ?? null,
    categoryId: data.categoryId ?? null,
    conditionGrade: data.conditionGrade ?? null,
    settingsSaved: data.settingsSaved === true,
  };
}

const statusOf: Record<string, ChannelListingStatus> = { published: 'live', publishing: 'publishing', failed: 'failed' };

/** Seeds an item's eBay listing as the seller left it: saved or sent (publishStatus null: Publish Settings saved). */
export async function seedEbayListing(
  db: Db,
  listing: {
    userId: string;
    itemId: string;
    publishStatus?: 'published' | 'publishing' | 'failed' | null;
    publishError?: string;
    listingUrl?: string;
    listingId?: string;
    price?: Money;
    quantity?: number;
    data?: EbayListingData;
  },
): Promise<void> {
  await db.insert(channelListings).values({
    userId: listing.userId,
    itemId: listing.itemId,
    channel: 'ebay',
    status: listing.publishStatus ? statusOf[listing.publishStatus]! : 'draft',
    error: listing.publishError ?? null,
    url: listing.listingUrl ?? null,
    externalId: listing.listingId ?? null,
    priceMinor: listing.price?.amountMinor ?? null,
    ...(listing.price ? { currency: listing.price.currency } : {}),
    quantity: listing.quantity ?? 1,
    data: { settingsSaved: true, ...listing.data },
  });
}

/** Sets the item's eBay category or grade as the AI or the seller would (a draft listing when it has none). */
export async function seedEbayFields(db: Db, userId: string, itemId: string, data: EbayListingData): Promise<void> {
  await db
    .insert(channelListings)
    .values({ userId, itemId, channel: 'ebay', status: 'draft', data })
    .onConflictDoUpdate({ target: [channelListings.itemId, channelListings.channel], set: { data: mergedData(data) } });
}

/** The photos' copies on eBay's picture service. */
export async function ebayImageUploadsOf(db: Db, imageIds: string[]) {
  const rows = await db.select().from(ebayImageUploads);
  return rows.filter((r) => imageIds.includes(r.imageId));
}
