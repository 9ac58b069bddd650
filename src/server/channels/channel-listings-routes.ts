import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelsRoutes,
  delistTasksResponse,
  type DropTask,
  itemChannelParams,
  listOnChannelsBody,
  listOnChannelsResponse,
  notificationSettingsBody,
  notificationSettingsResponse,
  recordSaleBody,
  recordSaleResponse,
} from '@shared/contracts/channels';
import { itemIdParams } from '@shared/contracts/items';
import { preflightScoresResponse, publishRoutes } from '@shared/contracts/publish';
import { currentUser } from '../auth/session';
import type { EveryChannel } from './every-channel';
import type { PreflightScores } from './preflight-scores';
import type { SalesService } from '../sales/sales';

const tags = ['channels'];

/** Every channel at once (decision 052): "List on ...", the delist tasks, a sale recorded by hand, notifications. */
export async function channelListingsRoutesPlugin(
  app: FastifyInstance,
  deps: {
    everyChannel: EveryChannel;
    sales: SalesService;
    preflightScores: PreflightScores;
    dropTasks(userId: string): Promise<DropTask[]>;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { everyChannel } = deps;

  typed.get(
    publishRoutes.preflightScores,
    {
      schema: {
        tags,
        summary:
          'Each API channel’s pre-flight score of the item: green (it should take the listing), amber (not checked), red (what it would refuse, in words)',
        params: itemIdParams,
        response: { 200: preflightScoresResponse },
      },
    },
    async (request) => deps.preflightScores.of(currentUser(request).id, request.params.id),
  );

  typed.post(
    channelsRoutes.listings,
    {
      schema: {
        tags,
        summary:
          'Lists the seller’s items on the channels picked: a publish queued on each API channel, a listing prepared on each assisted one',
        body: listOnChannelsBody,
        response: { 200: listOnChannelsResponse },
      },
    },
    async (request) => ({ channels: await everyChannel.listOnChannels(currentUser(request).id, request.body) }),
  );

  typed.get(
    channelsRoutes.delistTasks,
    {
      schema: {
        tags,
        summary: 'The seller’s open tasks: delists (assisted listings of items sold elsewhere) and price drops to make by hand',
        response: { 200: delistTasksResponse },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const [tasks, dropTasks] = await Promise.all([everyChannel.delistTasksOf(userId), deps.dropTasks(userId)]);
      return { tasks, dropTasks };
    },
  );

  typed.post(
    channelsRoutes.delisted,
    {
      schema: {
        tags,
        summary: 'The seller took the listing down on the assisted channel: the task is done, the listing ended',
        params: itemChannelParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await everyChannel.tick(currentUser(request).id, request.params.id, request.params.channel);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    channelsRoutes.sale,
    {
      schema: {
        tags,
        summary: 'Records a sale the seller made on an assisted channel; the item’s other listings end or become delist tasks',
        params: itemChannelParams,
        body: recordSaleBody,
        response: { 201: recordSaleResponse },
      },
    },
    async (request, reply) => {
      const { id, channel } = request.params;
      const outcome = await everyChannel.recordSale(currentUser(request).id, id, channel, request.body, deps.sales.endElsewhereOrRetry);
      return reply.status(201).send(outcome);
    },
  );

  typed.get(
    channelsRoutes.notifications,
    {
      schema: {
        tags,
        summary: 'Whether the seller hears of delist tasks by browser notification (otherwise e-mail)',
        response: { 200: notificationSettingsResponse },
      },
    },
    async (request) => ({ browserNotifications: await everyChannel.browserNotificationsOf(currentUser(request).id) }),
  );

  typed.put(
    channelsRoutes.notifications,
    {
      schema: {
        tags,
        summary: 'Sets how the seller hears of delist tasks',
        body: notificationSettingsBody,
        response: { 200: notificationSettingsResponse },
      },
    },
    async (request) => {
      await everyChannel.setBrowserNotifications(currentUser(request).id, request.body.browserNotifications);
      return { browserNotifications: request.body.browserNotifications };
    },
  );
}
