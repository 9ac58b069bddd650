import { channels, type Channel } from '@shared/domain/channel-listing';
import type { ListedAs } from '@shared/domain/readiness';
import { ebayListedAsOfData } from './ebay/item-state';

/**
 * The channels whose listing may name what the item is (its category and condition, in the channel's vocabulary):
 * one line each, each channel's reading of its own listing data. The item knows no marketplace (DESIGN §10); its
 * readiness and its view read these through `listedAsOf`.
 */
const listedAsOfChannel: Partial<Record<Channel, (data: unknown) => ListedAs>> = {
  ebay: ebayListedAsOfData,
};

const names = (listedAs: ListedAs) => Boolean(listedAs.categoryId?.trim() || listedAs.categoryName?.trim() || listedAs.condition?.trim());

/** What the item's listings name it as: the first channel's (in channel order) that names anything; null: none. */
export function listedAsOf(listings: readonly { channel: string; data: unknown }[]): ListedAs | null {
  for (const channel of channels) {
    const read = listedAsOfChannel[channel];
    const listing = listings.find((l) => l.channel === channel);
    if (!read || !listing) continue;
    const listedAs = read(listing.data);
    if (names(listedAs)) return listedAs;
  }
  return null;
}
