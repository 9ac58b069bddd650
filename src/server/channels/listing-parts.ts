import type { Channel } from '@shared/domain/channel-listing';

/** Reads the part of a listing's data only its channel's screens use (eBay: its category, condition, offer). */
export type ListingPartOf = (data: unknown) => Record<string, unknown>;

const parts = new Map<Channel, ListingPartOf>();

/**
 * The channels' listing parts, which `channels/registry.ts` registers as it loads the modules. The item mapper reads
 * them here rather than from the registry: the modules reach the items repo (their writes go through it), so the
 * mapper importing the registry would be an import cycle.
 */
export function registerListingPart(channel: Channel, partOf: ListingPartOf): void {
  parts.set(channel, partOf);
}

/** The part of a listing's data its channel's screens read; a channel with none has an empty part. */
export const listingPartOf = (channel: Channel, data: unknown): Record<string, unknown> => parts.get(channel)?.(data) ?? {};
