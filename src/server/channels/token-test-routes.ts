import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelTokensBody, channelTokensParams, testControlRoutes } from '@shared/contracts/test-controls';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { notFound } from '@shared/errors';
import { currentUser } from '../auth/session';
import type { Config } from '../config';
import type { SimulatedTokenAction } from './simulated-token-control';

/**
 * A test-only control (as decision 108's): the simulated marketplace ends the signed-in seller's token early or
 * revokes their grant, so an e2e spec sees what the seller reads after (decision 156). Registered only when the server
 * runs with NODE_ENV=test; the handler refuses outside test too.
 */
export async function tokenTestRoutesPlugin(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'env'>;
    simulateTokens: (userId: string, channel: ApiChannel, action: SimulatedTokenAction) => Promise<boolean>;
  },
) {
  if (deps.config.env !== 'test') return;
  app.withTypeProvider<ZodTypeProvider>().post(
    testControlRoutes.channelTokens,
    {
      schema: {
        tags: ['test'],
        summary: 'Test servers only: the simulated marketplace ends the seller’s token early or revokes their grant',
        params: channelTokensParams,
        body: channelTokensBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (deps.config.env !== 'test') throw notFound('Not found');
      if (!(await deps.simulateTokens(currentUser(request).id, request.params.channel, request.body.action)))
        throw notFound('No simulated connection on that marketplace');
      return reply.status(204).send(null);
    },
  );
}
