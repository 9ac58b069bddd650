import type { FastifyInstance } from 'fastify';
import {
  channelConnectBody,
  channelConnectionChange,
  channelConnectionsResponse,
  channelConnectResponse,
  channelConsentBody,
  channelParams,
  channelsRoutes,
  endListingsResponse,
} from '@shared/contracts/channels';
import type { OnSellersOrigin } from '../http/sellers-origin';
import type { ChannelConnections } from './channel-connections';
import { sellerRoutes } from '../http/seller-routes';

/**
 * The one connection API (decisions 071, 094): each channel's module supplies its part. `onSellersOrigin` moves a
 * simulated marketplace's consent page (under the app's own address) to the address the seller called from.
 */
export async function channelConnectionsRoutesPlugin(
  app: FastifyInstance,
  deps: { connections: ChannelConnections; onSellersOrigin: OnSellersOrigin },
) {
  const { connections } = deps;
  const route = sellerRoutes(app, ['channels']);

  route.get(
    channelsRoutes.all,
    'The seller’s connection on every API channel: configured, simulated, status, account (never a token)',
    { response: { 200: channelConnectionsResponse } },
    async ({ seller }) => ({ channels: await connections.ofSeller(seller) }),
  );
  route.post(
    channelsRoutes.connect,
    'Start connecting: the consent page (one-time state, 10 minutes), the form the channel needs, or connected',
    { params: channelParams, body: channelConnectBody, response: { 200: channelConnectResponse } },
    async ({ seller, params, body, request }) => {
      const answer = await connections.connect(seller, params.channel, body);
      return answer.next === 'consent' ? { ...answer, url: deps.onSellersOrigin(request, answer.url) } : answer;
    },
  );
  route.post(
    channelsRoutes.connection,
    'Finish connecting with the code the consent page sent back; the state must be the caller’s, unused and unexpired',
    { params: channelParams, body: channelConsentBody, response: { 200: channelConnectionChange } },
    ({ seller, params, body }) => connections.complete(seller, params.channel, body),
  );
  route.delete(
    channelsRoutes.connection,
    'Disconnect: the stored tokens are deleted (after what the channel registered there, a store’s orders webhook); 409 while a listing is up there',
    { params: channelParams, response: { 200: channelConnectionChange } },
    ({ seller, params }) => connections.disconnect(seller, params.channel),
  );
  route.post(
    channelsRoutes.endListings,
    'Before a disconnect: start ending every live listing of the seller’s on the channel; what is still up',
    { params: channelParams, response: { 200: endListingsResponse } },
    ({ seller, params }) => connections.endListings(seller, params.channel),
  );
}
