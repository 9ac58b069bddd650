import { and, eq } from 'drizzle-orm';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { channelListings } from '../db/schema';
import { listingOfItem, updateOwnListings } from '../channels/listing-writer';

/** What the floor guard reads of a listing: its price, the price the seller confirmed under the floor, the price sent. */
export async function listingPriceOf(db: Db, userId: string, itemId: string, channel: ApiChannel) {
  const [row] = await db
    .select({
      priceMinor: channelListings.priceMinor,
      currency: channelListings.currency,
      floorConfirmedMinor: channelListings.floorConfirmedMinor,
      sentPriceMinor: channelListings.sentPriceMinor,
    })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), listingOfItem(itemId, channel)));
  return row;
}

/** The marketplace accepted this price for the listing (not a change the seller's screens show). */
export async function markPriceSent(db: Db, userId: string, itemId: string, channel: ApiChannel, priceMinor: number) {
  await updateOwnListings(db, userId, listingOfItem(itemId, channel), { sentPriceMinor: priceMinor }, { stamp: false });
}
