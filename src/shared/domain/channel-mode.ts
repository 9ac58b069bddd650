import { assistedChannels, isApiChannel, isAssistedChannel, type ApiChannel, type AssistedChannel, type Channel } from './channel-listing';

/**
 * How a seller sells on a marketplace: by its API (the app lists, revises, ends and reads sales there), or handed
 * over (the app prepares the listing, the seller posts it, records a sale there by hand and takes it down when it
 * sold elsewhere). One marketplace, one mode per seller, never both.
 */
export type ChannelMode = 'api' | 'handed-over';

/** The seller's API connections (a connection that needs renewing still is one: its sales come through it). */
export type ConnectedChannels = ReadonlySet<ApiChannel> | readonly ApiChannel[];

const has = (connected: ConnectedChannels, channel: ApiChannel) =>
  connected instanceof Set ? connected.has(channel) : (connected as readonly ApiChannel[]).includes(channel);

/**
 * The one place a seller's mode on a marketplace is decided: by API where the marketplace has one and the seller
 * connected it; handed over where it has none, or where it also hands over (Depop without a Seller API connection);
 * an API-only marketplace not connected yet is by API (it is connected first).
 */
export function channelModeOf(channel: Channel, connected: ConnectedChannels): ChannelMode {
  if (isApiChannel(channel) && has(connected, channel)) return 'api';
  return isAssistedChannel(channel) ? 'handed-over' : 'api';
}

/** The marketplaces the seller hands over to (their listings' sales recorded by hand, their delists a task). */
export const handedOverChannels = (connected: ConnectedChannels): AssistedChannel[] =>
  assistedChannels.filter((channel) => channelModeOf(channel, connected) === 'handed-over');

export const channelModeMessages = {
  /** A hand-over step or a sale by hand on a marketplace the seller sells on by API. */
  byApi: (name: string) =>
    `${name} is connected: the app lists, ends and reads sales there itself, so nothing is handed over or recorded by hand.`,
} as const;
