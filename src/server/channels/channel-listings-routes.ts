import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { currentUser } from '../auth/session';
import type { EveryChannel } from './every-channel';
import type { PreflightScores } from './preflight-scores';
import type { SalesService } from '../sales/sales';
import { routeDoc } from '../http/route-doc';

const doc = routeDoc(['channels']);

/** Every channel at once (decision 052): "List on ...", a sale recorded by hand; the preflight scores. */
export async function channelListingsRoutesPlugin(
  app: FastifyInstance,
  deps: {
    everyChannel: EveryChannel;
    sales: SalesService;
    preflightScores: PreflightScores;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { everyChannel } = deps;

  typed.get(
    publishRoutes.preflightScores,
    doc(
      'Each API channel’s pre-flight score of the item: green (it should take the listing), amber (not checked), red (what it would refuse, in words)',
      { params: itemIdParams, response: { 200: preflightScoresResponse } },
    ),
    async (request) => deps.preflightScores.of(currentUser(request).id, request.params.id),
  );

  typed.post(
    channelsRoutes.listings,
    doc('Lists the seller’s items on the channels picked: a publish queued on each API channel, a listing prepared on each assisted one', {
      body: listOnChannelsBody,
      response: { 200: listOnChannelsResponse },
    }),
    async (request) => ({ channels: await everyChannel.listOnChannels(currentUser(request).id, request.body) }),
  );

  typed.post(
    channelsRoutes.sale,
    doc('Records a sale the seller made on an assisted channel; the item’s other listings end or become delist tasks', {
      params: itemChannelParams,
      body: recordSaleBody,
      response: { 201: recordSaleResponse },
    }),
    async (request, reply) => {
      const { id, channel } = request.params;
      const outcome = await everyChannel.recordSale(currentUser(request).id, id, channel, request.body, (userId) =>
        deps.sales.endElsewhereNow(userId, [id]),
      );
      return reply.status(201).send(outcome);
    },
  );
}
