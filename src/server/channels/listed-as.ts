import { channels, type Channel } from '@shared/domain/channel-listing';
import type { ListedAs } from '@shared/domain/readiness';
import { registeredChannels } from './registry';

/**
 * What the item's listings name it as (its category and condition, in a channel's vocabulary): each registered
 * channel whose module reads it from its own listing data (`listing.listedAs`; eBay's). The item knows no
 * marketplace (DESIGN §10); its readiness and its view read these through `listedAsOf`.
 */
const listedAsReaderOf = (channel: Channel) => registeredChannels.find((module) => module.name === channel)?.listing?.listedAs;

const names = (listedAs: ListedAs) => Boolean(listedAs.categoryId?.trim() || listedAs.categoryName?.trim() || listedAs.condition?.trim());

/** What the item's listings name it as: the first channel's (in channel order) that names anything; null: none. */
export function listedAsOf(listings: readonly { channel: string; data: unknown }[]): ListedAs | null {
  for (const channel of channels) {
    const read = listedAsReaderOf(channel);
    const listing = listings.find((l) => l.channel === channel);
    if (!read || !listing) continue;
    const listedAs = read(listing.data);
    if (names(listedAs)) return listedAs;
  }
  return null;
}
