import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  channelsRoutes,
  delistTasksResponse,
  type DropTask,
  itemChannelParams,
  notificationSettingsBody,
  notificationSettingsResponse,
} from '@shared/contracts/channels';
import type { DelistTasks } from './delist-tasks';
import { sellerRoutes } from '../http/seller-routes';

/** The seller's open tasks (delists, and the plan's price drops by hand), ticking a delist, and how they hear of them. */
export async function delistTasksRoutesPlugin(
  app: FastifyInstance,
  deps: { delistTasks: DelistTasks; dropTasks(userId: string): Promise<DropTask[]> },
) {
  const route = sellerRoutes(app, ['channels']);
  const { delistTasks } = deps;

  route.get(
    channelsRoutes.delistTasks,
    'The seller’s open tasks: delists (assisted listings of items sold elsewhere) and price drops to make by hand',
    { response: { 200: delistTasksResponse } },
    async ({ seller }) => {
      const [tasks, dropTasks] = await Promise.all([delistTasks.delistTasksOf(seller), deps.dropTasks(seller)]);
      return { tasks, dropTasks };
    },
  );

  route.post(
    channelsRoutes.delisted,
    'The seller took the listing down on the assisted channel: the task is done, the listing ended',
    { params: itemChannelParams, response: { 204: z.null() } },
    ({ seller, params }) => delistTasks.tick(seller, params.id, params.channel),
  );

  route.get(
    channelsRoutes.notifications,
    'Whether the seller hears of delist tasks by browser notification (otherwise e-mail)',
    { response: { 200: notificationSettingsResponse } },
    async ({ seller }) => ({ browserNotifications: await delistTasks.browserNotificationsOf(seller) }),
  );

  route.put(
    channelsRoutes.notifications,
    'Sets how the seller hears of delist tasks',
    { body: notificationSettingsBody, response: { 200: notificationSettingsResponse } },
    async ({ seller, body }) => {
      await delistTasks.setBrowserNotifications(seller, body.browserNotifications);
      return { browserNotifications: body.browserNotifications };
    },
  );
}
