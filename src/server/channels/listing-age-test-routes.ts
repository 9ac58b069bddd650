import type { FastifyInstance } from 'fastify';
import { listingAgeBody, listingAgeParams, testControlRoutes } from '@shared/contracts/test-controls';
import type { Config } from '../config';
import type { AgeLiveListing } from './listing-age';
import { testControlRoute } from './test-control-route';

/**
 * A test-only control (decision 108): the e2e server has no test clock, so a spec makes a live listing old through
 * this to see a relist planned and carried out. Registered only when the server runs with NODE_ENV=test; the handler
 * refuses outside test too, so a wiring mistake cannot open it on a real server.
 */
export async function listingAgeTestRoutesPlugin(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'env'>; ageLiveListing: AgeLiveListing },
) {
  testControlRoute(app, deps.config, {
    path: testControlRoutes.listingAge,
    summary: 'Test servers only: the seller’s live listing becomes this many days old',
    params: listingAgeParams,
    body: listingAgeBody,
    run: (userId, { id, channel }, { days }) => deps.ageLiveListing(userId, id, channel, days),
    notDone: 'This item has no live listing on that channel',
  });
}
