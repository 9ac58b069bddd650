import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { currentUser } from '../auth/session';
import type { OnSellersOrigin } from '../http/sellers-origin';
import type { ChannelConnections } from './channel-connections';
import { routeDoc } from '../http/route-doc';

/**
 * The one connection API (decisions 071, 094): each channel's module supplies its part. `onSellersOrigin` moves a
 * simulated marketplace's consent page (under the app's own address) to the address the seller called from.
 */
export async function channelConnectionsRoutesPlugin(
  app: FastifyInstance,
  deps: { connections: ChannelConnections; onSellersOrigin: OnSellersOrigin },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['channels']);

  typed.get(
    channelsRoutes.all,
    doc('The seller’s connection on every API channel: configured, simulated, status, account (never a token)', {
      response: { 200: channelConnectionsResponse },
    }),
    async (request) => ({ channels: await deps.connections.ofSeller(currentUser(request).id) }),
  );

  typed.post(
    channelsRoutes.connect,
    doc('Start connecting: the consent page (one-time state, 10 minutes), the form the channel needs, or connected', {
      params: channelParams,
      body: channelConnectBody,
      response: { 200: channelConnectResponse },
    }),
    async (request) => {
      const answer = await deps.connections.connect(currentUser(request).id, request.params.channel, request.body);
      return answer.next === 'consent' ? { ...answer, url: deps.onSellersOrigin(request, answer.url) } : answer;
    },
  );

  typed.post(
    channelsRoutes.connection,
    doc('Finish connecting with the code the consent page sent back; the state must be the caller’s, unused and unexpired', {
      params: channelParams,
      body: channelConsentBody,
      response: { 200: channelConnectionChange },
    }),
    async (request) => deps.connections.complete(currentUser(request).id, request.params.channel, request.body),
  );

  typed.delete(
    channelsRoutes.connection,
    doc(
      'Disconnect: the stored tokens are deleted (after what the channel registered there, a store’s orders webhook); 409 while a listing is up there',
      {
        params: channelParams,
        response: { 200: channelConnectionChange },
      },
    ),
    async (request) => deps.connections.disconnect(currentUser(request).id, request.params.channel),
  );

  typed.post(
    channelsRoutes.endListings,
    doc('Before a disconnect: start ending every live listing of the seller’s on the channel; what is still up', {
      params: channelParams,
      response: { 200: endListingsResponse },
    }),
    async (request) => deps.connections.endListings(currentUser(request).id, request.params.channel),
  );
}
