import { inWords } from './in-words';

/**
 * The marketplaces with a listing API: the app lists, revises, ends and reads sales there itself, each
 * through its `Marketplace` (src/server/channels/<name>).
 */
export const apiChannels = ['ebay', 'etsy', 'shopify', 'depop'] as const;
export type ApiChannel = (typeof apiChannels)[number];

/**
 * The marketplaces that give sellers no listing API: the app prepares the listing in their words, hands
 * the photos and text over, records the URL the seller pastes, and asks the seller to delist after a sale elsewhere.
 */
export const assistedChannels = ['poshmark', 'mercari', 'depop', 'vinted', 'grailed'] as const;
export type AssistedChannel = (typeof assistedChannels)[number];

/**
 * The marketplaces an item can be listed on: one channel_listings row per item and channel, each once (Depop is an API
 * channel and, until its assisted hand-over is retired, an assisted one too).
 */
export type Channel = ApiChannel | AssistedChannel;
export const channels = [...new Set<Channel>([...apiChannels, ...assistedChannels])] as unknown as readonly [Channel, ...Channel[]];

/** Each marketplace's name as sellers know it. */
export const channelNames: Readonly<Record<Channel, string>> = {
  ebay: 'eBay',
  etsy: 'Etsy',
  shopify: 'Shopify',
  poshmark: 'Poshmark',
  mercari: 'Mercari',
  depop: 'Depop',
  vinted: 'Vinted',
  grailed: 'Grailed',
};

/** The channels' names as a sentence: "eBay, Etsy and Shopify". */
export const channelsInWords = (list: readonly Channel[]): string => inWords(list.map((channel) => channelNames[channel]));

export const isApiChannel = (channel: string): channel is ApiChannel => (apiChannels as readonly string[]).includes(channel);
export const isAssistedChannel = (channel: string): channel is AssistedChannel => (assistedChannels as readonly string[]).includes(channel);
export const isChannel = (value: string): value is Channel => (channels as readonly string[]).includes(value);

/**
 * A channel listing's life: a draft (prepared, never sent), publishing (sent, the marketplace has not answered),
 * live, ended (taken down), sold, failed (the marketplace refused it; the error says why).
 */
export const channelListingStatuses = ['draft', 'publishing', 'live', 'ended', 'sold', 'failed'] as const;
export type ChannelListingStatus = (typeof channelListingStatuses)[number];

/**
 * Sold out on some channel (a listing there sold its whole quantity): nothing is left to list anywhere, so no screen
 * offers it to publish. The server's publish paths refuse it by the same rule (channels/repo soldOutItemIds).
 */
export const isSoldOut = (listings: readonly { status: string }[]): boolean => listings.some((listing) => listing.status === 'sold');

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
