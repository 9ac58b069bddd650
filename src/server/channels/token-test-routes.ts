import type { FastifyInstance } from 'fastify';
import { channelTokensBody, channelTokensParams, testControlRoutes } from '@shared/contracts/test-controls';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Config } from '../config';
import type { SimulatedTokenAction } from './simulated-token-control';
import { testControlRoute } from './test-control-route';

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
  testControlRoute(app, deps.config, {
    path: testControlRoutes.channelTokens,
    summary: 'Test servers only: the simulated marketplace ends the seller’s token early or revokes their grant',
    params: channelTokensParams,
    body: channelTokensBody,
    run: (userId, { channel }, { action }) => deps.simulateTokens(userId, channel, action),
    notDone: 'No simulated connection on that marketplace',
  });
}
