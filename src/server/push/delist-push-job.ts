import { pushWords, type PushMessage } from '@shared/contracts/push';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { webPaths } from '@shared/contracts/web-paths';
import type { Db } from '../db/client';
import type { JobHandler } from '../jobs/registry';
import { delistTaskToPush } from './delist-push-repo';
import type { WebPush } from './web-push';

/** The app's page of a delist task (relative: the service worker opens it on the origin the app was installed from). */
export const delistTaskPath = (itemId: string, channel: string) =>
  `${webPaths.dashboard}?delist=${encodeURIComponent(itemId)}&channel=${encodeURIComponent(channel)}`;

/** "Sold on eBay: delist on Depop", the item's title (and SKU), and the deep link: the listing there, else the task. */
export function delistPushMessage(
  task: { sku: string; title: string | null; url: string | null; soldOn: Channel | null },
  itemId: string,
  channel: Channel,
): PushMessage {
  const taskUrl = delistTaskPath(itemId, channel);
  return {
    title: pushWords.notificationTitle(task.soldOn ? channelNames[task.soldOn] : 'another marketplace', channelNames[channel]),
    body: task.title ? `${task.title} (${task.sku})` : task.sku,
    url: task.url ?? taskUrl,
    taskUrl,
    tag: `delist-${itemId}-${channel}`,
  };
}

/**
 * The delist-push job kind (decision 084), claimed before any other due job: the new delist task pushed to each of
 * the seller's phones. A task ticked before the job runs is not pushed. When no push reached a device (none left, or
 * every push service refused or was out of reach), the task goes by e-mail instead. The task stays until ticked.
 */
export function delistPushJob(deps: {
  db: Db;
  push: Pick<WebPush, 'pushToSeller'>;
  /** The e-mail of the seller's unmailed tasks (channels/every-channel.ts mailDelistTasks). */
  mailInstead: (userId: string) => Promise<number>;
  /** The task was told by a push: no e-mail names it later (channels/every-channel.ts markDelistTaskTold). */
  markTold: (userId: string, itemId: string, channel: Channel) => Promise<void>;
}): JobHandler<'delist-push'> {
  return {
    maxAttempts: 3,
    async run(job, ctx) {
      const { itemId } = job.subject;
      const channel = job.subject.channel as Channel;
      const task = await delistTaskToPush(deps.db, job.userId, itemId, channel);
      if (!task) return;
      const outcome = await deps.push.pushToSeller(job.userId, delistPushMessage(task, itemId, channel));
      ctx.log.info({ itemId, channel, ...outcome }, 'delist task pushed');
      if (outcome.sent > 0) await deps.markTold(job.userId, itemId, channel);
      else await deps.mailInstead(job.userId);
    },
  };
}
