import type { Db } from '../db/client';
import type { GeneratedListing } from '../listings/seller-fields';
import { registeredChannels } from './registry';

/**
 * The AI's listing as the channels take it: each registered channel keeps what it needs of a generated
 * listing in its own listing (eBay: its category and grade), and lets it go when the listing is reset. The listings
 * feature calls these, in its own transaction, and names no channel.
 */
export async function keepGeneratedListing(db: Db, userId: string, itemId: string, written: GeneratedListing): Promise<void> {
  for (const channel of registeredChannels) await channel.listing?.generated?.(db, userId, itemId, written);
}

export async function forgetGeneratedListings(db: Db, userId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  for (const channel of registeredChannels) await channel.listing?.reset?.(db, userId, itemIds);
}
