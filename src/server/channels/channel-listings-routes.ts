import type { FastifyInstance } from 'fastify';
import {
  channelsRoutes,
  itemChannelParams,
  listOnChannelsBody,
  listOnChannelsResponse,
  recordSaleBody,
  recordSaleResponse,
} from '@shared/contracts/channels';
import { itemIdParams } from '@shared/contracts/items';
import { preflightScoresResponse, publishRoutes } from '@shared/contracts/publish';
import type { EveryChannel } from './every-channel';
import type { PreflightScores } from './preflight-scores';
import type { SalesService } from '../sales/sales';
import { sellerRoutes } from '../http/seller-routes';

/** Every channel at once (decision 052): "List on ...", a sale recorded by hand; the preflight scores. */
export async function channelListingsRoutesPlugin(
  app: FastifyInstance,
  deps: {
    everyChannel: EveryChannel;
    sales: SalesService;
    preflightScores: PreflightScores;
  },
) {
  const route = sellerRoutes(app, ['channels']);
  const { everyChannel } = deps;

  route.get(
    publishRoutes.preflightScores,
    'Each API channel’s pre-flight score of the item: green (it should take the listing), amber (not checked), red (what it would refuse, in words)',
    { params: itemIdParams, response: { 200: preflightScoresResponse } },
    ({ seller, params }) => deps.preflightScores.of(seller, params.id),
  );

  route.post(
    channelsRoutes.listings,
    'Lists the seller’s items on the channels picked: a publish queued on each API channel, a listing prepared on each assisted one',
    { body: listOnChannelsBody, response: { 200: listOnChannelsResponse } },
    async ({ seller, body }) => ({ channels: await everyChannel.listOnChannels(seller, body) }),
  );

  route.post(
    channelsRoutes.sale,
    'Records a sale the seller made on an assisted channel; the item’s other listings end or become delist tasks',
    { params: itemChannelParams, body: recordSaleBody, response: { 201: recordSaleResponse } },
    async ({ seller, params, body, reply }) => {
      const { id, channel } = params;
      const outcome = await everyChannel.recordSale(seller, id, channel, body, (userId) => deps.sales.endElsewhereNow(userId, [id]));
      return reply.status(201).send(outcome);
    },
  );
}
