import { and, eq, type SQL } from 'drizzle-orm';
import { channelListings, items } from '../../db/schema';
import { mergedListingData } from '../listings-repo';
import type { EbayListingData } from './listing-data';

// SQL fragments that name an item's eBay listing, no query of their own: other features' reads join through them
// (the rows are written only through channels/listings-repo.ts, decision 092).

/** The item's eBay listing row: one per item (unique item_id, channel). */
export const isEbay = eq(channelListings.channel, 'ebay');

/** Joins an item to its eBay listing (left join: the item may have none). */
export const ebayListingJoin: SQL = and(eq(channelListings.itemId, items.id), eq(channelListings.userId, items.userId), isEbay)!;

/** data || patch, written as jsonb (keys set to null stay, as null). */
export const mergedData = (patch: EbayListingData): SQL => mergedListingData(patch);
