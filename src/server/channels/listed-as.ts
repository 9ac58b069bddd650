import { channels, type Channel } from '@shared/domain/channel-listing';
import type { ListedAs } from '@shared/domain/readiness';

/** Reads what a channel's listing names the item as (its category and condition, in the channel's vocabulary). */
export type ListedAsOf = (data: unknown) => ListedAs;

const readers = new Map<Channel, ListedAsOf>();

/**
 * The channels whose listing may name what the item is (eBay: its category and condition grade), which
 * `channels/registry.ts` registers as it loads the modules (`listing.listedAs`). The item knows no marketplace;
 * its readiness and its view read these through `listedAsOf`. Read here rather than from the registry:
 * eBay's publish service calls the readiness writer, which reads this, so importing the registry would be a cycle.
 */
export function registerListedAs(channel: Channel, read: ListedAsOf): void {
  readers.set(channel, read);
}

const names = (listedAs: ListedAs) => Boolean(listedAs.categoryId?.trim() || listedAs.categoryName?.trim() || listedAs.condition?.trim());

/** What the item's listings name it as: the first channel's (in channel order) that names anything; null: none. */
export function listedAsOf(listings: readonly { channel: string; data: unknown }[]): ListedAs | null {
  for (const channel of channels) {
    const read = readers.get(channel);
    const listing = listings.find((l) => l.channel === channel);
    if (!read || !listing) continue;
    const listedAs = read(listing.data);
    if (names(listedAs)) return listedAs;
  }
  return null;
}
