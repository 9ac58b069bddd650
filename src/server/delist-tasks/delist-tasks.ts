import type { FastifyBaseLogger } from 'fastify';
import { channelMessages, type DelistTask } from '@shared/contracts/channels';
import { channelNames, type AssistedChannel, type Channel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Mailer } from '../adapters/mail/mailer';
import type { Storage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { listingSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { ownedItemIds } from '../items/item-writer';
import { itemNotFound } from '../items/service';
import { handedOverChannelsOf } from '../channels/channel-modes';
import {
  browserNotificationsOf,
  claimUnmailedDelistTasks,
  markDelistTaskTold,
  openDelistTasks,
  releaseDelistMailClaim,
  setBrowserNotifications,
  setDelistTasks,
  tickDelistTask,
} from './delist-tasks-repo';

export interface DelistTasksDeps {
  db: Db;
  storage: Pick<Storage, 'signedUrl'>;
  /** Sends the delist tasks' e-mail; none (tests of other things): no e-mail. */
  mailer?: Mailer | null;
  log: FastifyBaseLogger;
  /** The seller's phones that get a push of each new task (push/web-push.ts, decision 084); none: e-mail only. */
  push?: { devicesOf(userId: string): Promise<number> } | null;
}

/**
 * The delist tasks a sale leaves on the assisted channels (decisions 052, 084): each live listing there of an item
 * sold elsewhere, until the seller takes it down and ticks it; and how the seller hears of them (a push to their
 * phone, browser notifications, or e-mail).
 */
export function createDelistTasks({ db, storage, mailer, log, push }: DelistTasksDeps) {
  async function delistTasksOf(userId: string): Promise<DelistTask[]> {
    const rows = await openDelistTasks(db, userId);
    return Promise.all(
      rows.map(async (row) => ({
        itemId: row.itemId,
        channel: row.channel as AssistedChannel,
        sku: row.sku,
        title: row.title,
        url: row.url,
        since: (row.since ?? new Date()).toISOString(),
        thumbnailUrl: row.thumbPath ? await storage.signedUrl(row.thumbPath) : null,
      })),
    );
  }

  /**
   * New delist tasks e-mailed to a seller without browser notifications, each task once: the rows are claimed (and
   * committed) first, so a second pull, or a concurrent one, finds nothing left to claim; the mail is sent outside any
   * transaction (a slow mail server holds no database connection), and a failed send gives the claim back, so the
   * next pull tries again. A crash between the claim and the send loses that mail, never sends it twice; the task
   * stays on the dashboard either way. `insteadOfPush`: every push of a task failed (decision 084), so the e-mail goes
   * whatever the seller chose.
   */
  async function mailDelistTasks(userId: string, options: { insteadOfPush?: boolean } = {}): Promise<number> {
    if (!mailer || (!options.insteadOfPush && (await browserNotificationsOf(db, userId)))) return 0;
    const claim = await claimUnmailedDelistTasks(db, userId);
    if (!claim) return 0;
    const lines = claim.tasks.map((task) => {
      const what = `${task.sku}${task.title ? ` ${task.title}` : ''}`;
      return `- Delist from ${channelNames[task.channel]}: ${what}${task.url ? `\n  ${task.url}` : ''}`;
    });
    try {
      await mailer.send({
        to: claim.email,
        subject: claim.tasks.length === 1 ? 'Sold: 1 listing to take down' : `Sold: ${claim.tasks.length} listings to take down`,
        text: [
          'These items sold elsewhere. Take each listing down on its marketplace, then tick "Delisted" on your dashboard:',
          '',
          ...lines,
          '',
          'Resale Studio',
        ].join('\n'),
      });
    } catch (error) {
      await releaseDelistMailClaim(db, userId, claim.tasks);
      throw error;
    }
    return claim.tasks.length;
  }

  /**
   * After a sale anywhere: the item's live assisted listings become tasks. A seller with phone notifications gets a
   * push of each new task, queued at the front of the queue (delist-push, decision 084; it mails when every push
   * fails); otherwise they are mailed when the seller has no browser notifications.
   */
  async function taskAssistedListings(userId: string) {
    const set = await setDelistTasks(db, userId, await handedOverChannelsOf(db, userId));
    if (set.length && push && (await push.devicesOf(userId)) > 0) {
      for (const task of set) await enqueue(db, 'delist-push', { userId, subject: listingSubject(task.itemId, task.channel) });
      return set;
    }
    try {
      await mailDelistTasks(userId);
    } catch (err) {
      log.warn({ err, userId }, 'the delist tasks e-mail was not sent; tried again after the next pull');
    }
    return set;
  }

  async function tick(userId: string, itemId: string, channel: AssistedChannel) {
    if (!(await tickDelistTask(db, userId, itemId, channel))) {
      if (!(await ownedItemIds(db, userId, [itemId])).length) throw itemNotFound();
      throw new AppError('CONFLICT', channelMessages.noTask);
    }
  }
  return {
    delistTasksOf,
    mailDelistTasks,
    taskAssistedListings,
    tick,
    browserNotificationsOf: (userId: string) => browserNotificationsOf(db, userId),
    setBrowserNotifications: (userId: string, on: boolean) => setBrowserNotifications(db, userId, on),
    markDelistTaskTold: (userId: string, itemId: string, channel: Channel) => markDelistTaskTold(db, userId, itemId, channel),
  };
}

export type DelistTasks = ReturnType<typeof createDelistTasks>;
