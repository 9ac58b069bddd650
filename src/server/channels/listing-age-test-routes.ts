import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingAgeBody, listingAgeParams, testControlRoutes } from '@shared/contracts/test-controls';
import { notFound } from '@shared/errors';
import { currentUser } from '../auth/session';
import type { Config } from '../config';
import type { AgeLiveListing } from './listing-age';

/**
 * A test-only control (decision 108): the e2e server has no test clock, so a spec makes a live listing old through
 * this to see a relist planned and carried out. Registered only when the server runs with NODE_ENV=test; the handler
 * refuses outside test too, so a wiring mistake cannot open it on a real server.
 */
export async function listingAgeTestRoutesPlugin(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'env'>; ageLiveListing: AgeLiveListing },
) {
  if (deps.config.env !== 'test') return;
  app.withTypeProvider<ZodTypeProvider>().post(
    testControlRoutes.listingAge,
    {
      schema: {
        tags: ['test'],
        summary: 'Test servers only: the seller’s live listing becomes this many days old',
        params: listingAgeParams,
        body: listingAgeBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (deps.config.env !== 'test') throw notFound('Not found');
      const { id, channel } = request.params;
      if (!(await deps.ageLiveListing(currentUser(request).id, id, channel, request.body.days)))
        throw notFound('This item has no live listing on that channel');
      return reply.status(204).send(null);
    },
  );
}
