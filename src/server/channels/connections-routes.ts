import type { FastifyInstance } from 'fastify';
import { channelConnectionsApi } from '@shared/contracts/channels';
import type { OnSellersOrigin } from '../http/sellers-origin';
import type { ChannelConnections } from './channel-connections';
import { serveSellerTable } from '../http/seller-routes';

/**
 * The one connection API (decisions 071, 094): each channel's module supplies its part. `onSellersOrigin` moves a
 * simulated marketplace's consent page (under the app's own address) to the address the seller called from.
 */
export async function channelConnectionsRoutesPlugin(
  app: FastifyInstance,
  deps: { connections: ChannelConnections; onSellersOrigin: OnSellersOrigin },
) {
  const { connections } = deps;
  serveSellerTable(app, ['channels'], channelConnectionsApi, {
    all: async ({ seller }) => ({ channels: await connections.ofSeller(seller) }),
    connect: async ({ seller, params, body, request }) => {
      const answer = await connections.connect(seller, params.channel, body);
      return answer.next === 'consent' ? { ...answer, url: deps.onSellersOrigin(request, answer.url) } : answer;
    },
    complete: ({ seller, params, body }) => connections.complete(seller, params.channel, body),
    disconnect: ({ seller, params }) => connections.disconnect(seller, params.channel),
    endListings: ({ seller, params }) => connections.endListings(seller, params.channel),
  });
}
