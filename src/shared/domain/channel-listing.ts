/** The marketplaces an item can be listed on (DESIGN §10): one channel_listings row per item and channel. */
export const channels = ['ebay'] as const;
export type Channel = (typeof channels)[number];

/**
 * A channel listing's life: a draft (prepared, never sent), publishing (sent, the marketplace has not answered),
 * live, ended (taken down), sold, failed (the marketplace refused it; the error says why).
 */
export const channelListingStatuses = ['draft', 'publishing', 'live', 'ended', 'sold', 'failed'] as const;
export type ChannelListingStatus = (typeof channelListingStatuses)[number];

/**
 * A change of a listing on its marketplace that a background job is carrying out: revise (the live listing takes
 * the item's price, quantity, text, aspects and photos), end (taken down, kept to relist), relist (an ended one
 * published again).
 */
export const listingChanges = ['revise', 'end', 'relist'] as const;
export type ListingChange = (typeof listingChanges)[number];

/** What the seller reads about a change of a live listing: its progress and its failure, in the marketplace's name. */
export const listingChangeMessages = {
  progress: { revise: 'Updating on', end: 'Ending on', relist: 'Relisting on' } satisfies Record<ListingChange, string>,
  failed: (change: ListingChange, marketplace: string, reason: string) =>
    `${{ revise: 'Failed to update', end: 'Failed to end', relist: 'Failed to relist' }[change]} on ${marketplace}: ${reason}`,
  unreachable: (marketplace: string) => `${marketplace} cannot be reached right now. Please try again in a few minutes.`,
  notLive: 'This listing is not live: only a live listing can be updated or ended.',
  notEnded: 'This listing has not ended: only an ended listing can be relisted.',
  busy: 'This listing is already being changed on the marketplace. Please wait for it to finish.',
} as const;
