import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import { channelListingRepo } from '../channel-listing-repo';
import type { ListingColumns } from '../listings-repo';
import { matching } from '../../db/matching';

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

/** The seller's Depop listings (the shared listing repository, its data typed as Depop's). */
export const depopListings = channelListingRepo<DepopListingData>('depop');

/** Writes into the item's Depop listing, creating it as a draft when it has none; answers its data as written. */
export async function upsertDepopListing(
  db: Db,
  userId: string,
  itemId: string,
  write: { data?: DepopListingData; columns?: ListingColumns },
): Promise<DepopListingData> {
  return depopListings.dataOf(await depopListings.save(db, userId, itemId, write));
}

/** The seller's item's category and currency, held (for update) until the transaction ends; undefined: not theirs. */
export async function lockItemForAnswers(tx: Db, userId: string, itemId: string) {
  const [item] = await tx
    .select({ category: items.category, currency: items.currency })
    .from(items)
    .where(matching(items, { id: itemId, userId }))
    .for('update');
  return item;
}
