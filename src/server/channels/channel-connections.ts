import type {
  ChannelConnectBody,
  ChannelConnectionChange,
  ChannelConnectionStatus,
  ChannelConnectResponse,
  ChannelConsentBody,
  EndListingsResponse,
} from '@shared/contracts/channels';
import { channelMessages } from '@shared/contracts/channels';
import { isApiChannel, type ApiChannel, type Channel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { ChannelInstance } from './channel-module';
import type { SalesService } from '../sales/sales';
import type { SalesArrivals } from '../sales/sales-arrival';

/** The one connection API (decisions 071, 094): every channel's connection, started, finished and ended by name. */
export interface ChannelConnections {
  /** The seller's connection on every registered API channel, in the registry's order. */
  ofSeller(userId: string): Promise<ChannelConnectionStatus[]>;
  /** Start connecting: the channel's consent page, the form it needs, or connected at once (an assisted channel). */
  connect(userId: string, channel: Channel, body: ChannelConnectBody): Promise<ChannelConnectResponse>;
  /** Finish with what the channel's consent page sent back; a state that is not the seller's, unused and unexpired is refused. */
  complete(userId: string, channel: Channel, consent: ChannelConsentBody): Promise<ChannelConnectionChange>;
  /**
   * Disconnect: the stored tokens go. Refused (409) while a listing of the seller's is up there: once disconnected,
   * a sale there would go unseen and the item could sell twice.
   */
  disconnect(userId: string, channel: Channel): Promise<ChannelConnectionChange>;
  /** Before a disconnect: every live listing of the seller's there starts ending; what is still up. */
  endListings(userId: string, channel: Channel): Promise<EndListingsResponse>;
}

/** The seller's listings on a channel, as a disconnect needs them (listing-changes-repo.ts's, in compose). */
export interface ListingsOnChannel {
  upOn(userId: string, channel: ApiChannel): Promise<{ up: number; changing: number }>;
  endEvery(userId: string, channel: ApiChannel): Promise<number>;
}

type RegisteredChannel = { name: ApiChannel; label: string; instance: Pick<ChannelInstance<unknown>, 'connection'> };

/**
 * The service of /api/channels and /api/channels/:channel/...: asks each channel's module (its `connection`), with the
 * day's sales checks on each against its daily limit (decision 078) when `sales` is given, and how a connected
 * seller's sales arrive there (by push, or checked every N s and why push is off) when `arrivals` is.
 */
export function createChannelConnections(
  channels: readonly RegisteredChannel[],
  sales?: Pick<SalesService, 'salesChecksOfToday'>,
  arrivals?: SalesArrivals,
  listings?: ListingsOnChannel,
): ChannelConnections {
  /** An API channel of the registry; an assisted one has no connection to finish or end. */
  function registered(channel: Channel): RegisteredChannel {
    const found = isApiChannel(channel) ? channels.find((entry) => entry.name === channel) : undefined;
    if (!found) throw new AppError('NOT_FOUND', `${channel} has no connection: the seller lists there by hand`);
    return found;
  }

  async function statusOf({ name, label, instance }: RegisteredChannel, userId: string): Promise<ChannelConnectionStatus> {
    return { channel: name, label, ...(await instance.connection.status(userId)) };
  }

  return {
    async ofSeller(userId) {
      const checks = (await sales?.salesChecksOfToday()) ?? [];
      return Promise.all(
        channels.map(async (entry) => {
          const today = checks.find((check) => check.channel === entry.name);
          const status = await statusOf(entry, userId);
          const arrive = arrivals && status.status === 'connected' ? await arrivals.arrivalOf(userId, entry.name) : null;
          const up = listings ? await listings.upOn(userId, entry.name) : null;
          return {
            ...status,
            ...(up ? { listings: up } : {}),
            ...(today ? { salesChecksToday: { used: today.used, limit: today.limit } } : {}),
            ...(arrive ? { salesArrive: arrive } : {}),
          };
        }),
      );
    },

    async connect(userId, channel, body) {
      if (!isApiChannel(channel)) return { next: 'connected' };
      return registered(channel).instance.connection.start(userId, body ?? {});
    },

    async complete(userId, channel, consent) {
      const entry = registered(channel);
      const { complete } = entry.instance.connection;
      if (!complete) throw new AppError('NOT_FOUND', `${entry.label} sends the seller back to its own callback`);
      await complete(userId, consent);
      return { success: true, message: `${entry.label} connected.`, connection: await statusOf(entry, userId) };
    },

    async disconnect(userId, channel) {
      const entry = registered(channel);
      const { up } = (await listings?.upOn(userId, entry.name)) ?? { up: 0 };
      if (up > 0) throw new AppError('CONFLICT', channelMessages.upOnDisconnect(entry.label, up));
      const message = await entry.instance.connection.end(userId);
      return { success: true, message, connection: await statusOf(entry, userId) };
    },

    async endListings(userId, channel) {
      const entry = registered(channel);
      if (!listings) return { started: 0, up: 0, changing: 0 };
      const started = await listings.endEvery(userId, entry.name);
      return { started, ...(await listings.upOn(userId, entry.name)) };
    },
  };
}
