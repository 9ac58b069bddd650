import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelsRoutes,
  delistTasksResponse,
  type DropTask,
  itemChannelParams,
  notificationSettingsBody,
  notificationSettingsResponse,
} from '@shared/contracts/channels';
import { currentUser } from '../auth/session';
import type { DelistTasks } from './delist-tasks';
import { routeDoc } from '../http/route-doc';

const doc = routeDoc(['channels']);

/** The seller's open tasks (delists, and the plan's price drops by hand), ticking a delist, and how they hear of them. */
export async function delistTasksRoutesPlugin(
  app: FastifyInstance,
  deps: { delistTasks: DelistTasks; dropTasks(userId: string): Promise<DropTask[]> },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { delistTasks } = deps;

  typed.get(
    channelsRoutes.delistTasks,
    doc('The seller’s open tasks: delists (assisted listings of items sold elsewhere) and price drops to make by hand', {
      response: { 200: delistTasksResponse },
    }),
    async (request) => {
      const userId = currentUser(request).id;
      const [tasks, dropTasks] = await Promise.all([delistTasks.delistTasksOf(userId), deps.dropTasks(userId)]);
      return { tasks, dropTasks };
    },
  );

  typed.post(
    channelsRoutes.delisted,
    doc('The seller took the listing down on the assisted channel: the task is done, the listing ended', {
      params: itemChannelParams,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await delistTasks.tick(currentUser(request).id, request.params.id, request.params.channel);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    channelsRoutes.notifications,
    doc('Whether the seller hears of delist tasks by browser notification (otherwise e-mail)', {
      response: { 200: notificationSettingsResponse },
    }),
    async (request) => ({ browserNotifications: await delistTasks.browserNotificationsOf(currentUser(request).id) }),
  );

  typed.put(
    channelsRoutes.notifications,
    doc('Sets how the seller hears of delist tasks', { body: notificationSettingsBody, response: { 200: notificationSettingsResponse } }),
    async (request) => {
      await delistTasks.setBrowserNotifications(currentUser(request).id, request.body.browserNotifications);
      return { browserNotifications: request.body.browserNotifications };
    },
  );
}
