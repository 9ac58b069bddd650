import type { FastifyInstance } from 'fastify';
import { channelListingsApi } from '@shared/contracts/channels';
import type { EveryChannel } from './every-channel';
import type { PreflightScores } from './preflight-scores';
import type { SalesService } from '../sales/sales';
import { serveSellerTable } from '../http/seller-routes';

/** Every channel at once (decision 052): "List on ...", a sale recorded by hand; the preflight scores. */
export async function channelListingsRoutesPlugin(
  app: FastifyInstance,
  deps: {
    everyChannel: EveryChannel;
    sales: SalesService;
    preflightScores: PreflightScores;
  },
) {
  const { everyChannel } = deps;
  serveSellerTable(app, ['channels'], channelListingsApi, {
    preflightScores: ({ seller, params }) => deps.preflightScores.of(seller, params.id),
    listOn: async ({ seller, body }) => ({ channels: await everyChannel.listOnChannels(seller, body) }),
    recordSale: async ({ seller, params, body, reply }) => {
      const { id, channel } = params;
      const outcome = await everyChannel.recordSale(seller, id, channel, body, (userId) => deps.sales.endElsewhereNow(userId, [id]));
      return reply.status(201).send(outcome);
    },
  });
}
