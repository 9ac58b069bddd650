import { and, eq, inArray } from 'drizzle-orm';
import { ebayDataOf, publishStatusOf, type EbayListingData } from './listing-data';
import { ebayListingJoin, forgetEbayListingsOf, isEbay } from './listing-repo';
import type { Db } from '../../db/client';
import { channelListings, items } from '../../db/schema';
import { updateOwnListings } from '../listings-repo';

export interface ItemEbayState {
  id: string;
  sku: string;
  publishStatus: string | null;
  ebaySku: string | null;
  offerId: string | null;
  listingId: string | null;
}

/** The user's items among `ids` with what eBay holds for each (nothing when never sent). */
export async function ebayStateOfItems(db: Db, userId: string, ids: string[]): Promise<ItemEbayState[]> {
  const rows = await db
    .select({
      id: items.id,
      sku: items.sku,
      status: channelListings.status,
      listingId: channelListings.externalId,
      data: channelListings.data,
    })
    .from(items)
    .leftJoin(channelListings, ebayListingJoin)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
  return rows.map((r) => {
    const ebay: EbayListingData = ebayDataOf(r.data);
    return {
      id: r.id,
      sku: r.sku,
      publishStatus: publishStatusOf(r.status),
      ebaySku: ebay.ebaySku ?? null,
      offerId: ebay.offerId ?? null,
      listingId: r.listingId,
    };
  });
}

/** Forgets the eBay listings of items whose listings were ended (the items stay, no longer published). */
export async function forgetEbayListings(db: Db, userId: string, itemIds: string[]) {
  await db.transaction(async (tx) => {
    await forgetEbayListingsOf(tx, userId, itemIds);
  });
}

/**
 * The items' eBay listings ended after a sale on another channel: ended (not live, not forgotten), with the listing's
 * id and link kept; the offer and SKU are gone from eBay, so nothing is waiting to change on it.
 */
export async function markEbayListingsEnded(db: Db, userId: string, itemIds: string[]) {
  await db.transaction(async (tx) => {
    await updateOwnListings(tx, userId, and(isEbay, inArray(channelListings.itemId, itemIds), eq(channelListings.status, 'live')), {
      status: 'ended',
      endedAt: new Date(),
      pendingChange: null,
      changeRequestedAt: null,
      error: null,
    });
  });
}
