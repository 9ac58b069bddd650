import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { channelConnectionsResponse, channelsRoutes } from '@shared/contracts/channels';
import { currentUser } from '../auth/session';
import type { ChannelConnections } from './channel-connections';

/** One endpoint for every channel's connection (decision 071); each channel's own screen keeps its detailed one. */
export async function channelConnectionsRoutes(app: FastifyInstance, deps: { connections: ChannelConnections }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    channelsRoutes.connections,
    {
      schema: {
        tags: ['channels'],
        summary: 'The seller’s connection on every API channel: configured, simulated, status, account (never a token)',
        response: { 200: channelConnectionsResponse },
      },
    },
    async (request) => ({ channels: await deps.connections.ofSeller(currentUser(request).id) }),
  );
}
