import type { FastifyInstance } from 'fastify';
import { delistTasksApi, type DropTask } from '@shared/contracts/channels';
import type { DelistTasks } from './delist-tasks';
import { serveSellerTable } from '../http/seller-routes';

/** The seller's open tasks (delists, and the plan's price drops by hand), ticking a delist, and how they hear of them. */
export async function delistTasksRoutesPlugin(
  app: FastifyInstance,
  deps: { delistTasks: DelistTasks; dropTasks(userId: string): Promise<DropTask[]> },
) {
  const { delistTasks } = deps;
  serveSellerTable(app, ['channels'], delistTasksApi, {
    list: async ({ seller }) => {
      const [tasks, dropTasks] = await Promise.all([delistTasks.delistTasksOf(seller), deps.dropTasks(seller)]);
      return { tasks, dropTasks };
    },
    tick: ({ seller, params }) => delistTasks.tick(seller, params.id, params.channel),
    notifications: async ({ seller }) => ({ browserNotifications: await delistTasks.browserNotificationsOf(seller) }),
    saveNotifications: async ({ seller, body }) => {
      await delistTasks.setBrowserNotifications(seller, body.browserNotifications);
      return { browserNotifications: body.browserNotifications };
    },
  });
}
