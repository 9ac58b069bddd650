/** The marketplaces an item can be listed on (DESIGN §10): one channel_listings row per item and channel. */
export const channels = ['ebay'] as const;
export type Channel = (typeof channels)[number];

/**
 * A channel listing's life: a draft (prepared, never sent), publishing (sent, the marketplace has not answered),
 * live, ended (taken down), sold, failed (the marketplace refused it; the error says why).
 */
export const channelListingStatuses = ['draft', 'publishing', 'live', 'ended', 'sold', 'failed'] as const;
export type ChannelListingStatus = (typeof channelListingStatuses)[number];
