import { useQuery, type QueryClient } from '@tanstack/react-query';
import { channelConnectionsApi } from '@shared/contracts/channels';
import { apiChannels, type ApiChannel, type AssistedChannel } from '@shared/domain/channel-listing';
import { handedOverChannels } from '@shared/domain/channel-mode';
import { callRoute } from '@/lib/route-client';

export const channelConnectionsKey = ['channels', 'connections'] as const;

/**
 * Reads the queries under `queryKey` again, even one still on its first fetch: TanStack Query joins an invalidation
 * to a first fetch in flight (no data yet to keep), whose answer may predate the change. A consent's return exchanges
 * its code while the Marketplaces screen is still loading, and the screen said "Not connected." after connecting.
 */
export async function refetchFresh(queryClient: QueryClient, queryKey: readonly unknown[]) {
  await queryClient.cancelQueries({ queryKey, predicate: (query) => query.state.data === undefined });
  await queryClient.invalidateQueries({ queryKey });
}

/** A channel's connect, exchange or disconnect (or its own setup) changes what GET /api/channels answers. */
export const invalidateChannelConnections = (queryClient: QueryClient) => refetchFresh(queryClient, channelConnectionsKey);

/**
 * GET /api/channels (decisions 071, 094): every registered API channel's connection, configured and simulated flags
 * and account, in one request. Each channel's own screen keeps its detailed endpoint.
 */
export function useChannelConnectionList() {
  return useQuery({ queryKey: channelConnectionsKey, queryFn: () => callRoute(channelConnectionsApi.all) });
}

/** An API channel's connection as the channel picker shows it; unknown while it loads. */
export type ChannelConnection = 'connected' | 'not-connected' | 'unknown';

/**
 * Each API channel's connection: whether "List on" can publish there now, or the seller connects it on the
 * Marketplaces screen first.
 */
export function useChannelConnections(): Record<ApiChannel, ChannelConnection> {
  const list = useChannelConnectionList();
  return Object.fromEntries(
    apiChannels.map((channel) => {
      const entry = list.data?.channels.find((c) => c.channel === channel);
      return [channel, list.isPending ? 'unknown' : entry?.status === 'connected' ? 'connected' : 'not-connected'];
    }),
  ) as Record<ApiChannel, ChannelConnection>;
}

/** API channels the server has no keys for (Etsy without ETSY_KEYSTRING): "List on..." leaves them out. */
export function useUnconfiguredChannels(): ApiChannel[] {
  return (useChannelConnectionList().data?.channels ?? []).filter((entry) => !entry.configured).map((entry) => entry.channel);
}

/**
 * The marketplaces the seller hands over to (`handedOverChannels`, the one rule): an assisted marketplace, less one they
 * connected by API (Depop), whose sales and ends the app does itself. While the connections load, none that has an API.
 */
export function useHandedOverChannels(): AssistedChannel[] {
  const list = useChannelConnectionList();
  const connected = list.isPending
    ? apiChannels
    : (list.data?.channels ?? []).filter((entry) => entry.status !== 'not-connected').map((entry) => entry.channel);
  return handedOverChannels(connected);
}
