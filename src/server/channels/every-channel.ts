import { moneyMessages } from '@shared/contracts/money';
import { money, type Money } from '@shared/domain/money';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  channelMessages,
  type ChannelListingOutcome,
  type DelistTask,
  type ListOnChannelsBody,
  type RecordSaleBody,
  type RecordSaleResponse,
} from '@shared/contracts/channels';
import { channelNames, isApiChannel, type AssistedChannel, type Channel } from '@shared/domain/channel-listing';
import { servesSellerIn } from '@shared/domain/marketplace-countries';
import { parseSaleDate } from '@shared/domain/sale-date';
import { sellerRegionOf } from '@shared/domain/seller-region';
import { AppError } from '@shared/errors';
import type { Mailer } from '../adapters/mail/mailer';
import type { Storage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { delistTaskCountOf, insertRecordedSale, itemIsOwn, listingStatusOf, lockItemForSale, markListingSold } from './assisted-sale-repo';
import type { Clock } from '../jobs/clock';
import { listingSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { itemNotFound } from '../items/service';
import type { Marketplaces } from './marketplace';
import { sellerRegionIn } from '../seller-region/service';
import {
  browserNotificationsOf,
  claimUnmailedDelistTasks,
  openDelistTasks,
  releaseDelistMailClaim,
  liveOn,
  markDelistTaskTold,
  ownItemsForListing,
  prepareAssistedListings,
  setBrowserNotifications,
  setDelistTasks,
  tickDelistTask,
} from './delist-tasks-repo';

export interface EveryChannelDeps {
  db: Db;
  marketplaces: Marketplaces;
  storage: Pick<Storage, 'signedUrl'>;
  /** Sends the delist tasks' e-mail; none (tests of other things): no e-mail. */
  mailer?: Mailer | null;
  clock: Pick<Clock, 'now'>;
  log: FastifyBaseLogger;
  /** The seller's phones that get a push of each new task (push/web-push.ts, decision 084); none: e-mail only. */
  push?: { devicesOf(userId: string): Promise<number> } | null;
}

/**
 * What the seller does over every channel at once (decision 052): "List on ..." the channels they pick,
 * the delist tasks a sale leaves on assisted channels (and how the seller hears of them), and a sale recorded by
 * hand on an assisted channel.
 */
export function createEveryChannel({ db, marketplaces, storage, mailer, clock, log, push }: EveryChannelDeps) {
  /**
   * The items on each picked channel: an API channel queues a publish through its marketplace, an assisted one
   * prepares a draft. An item sold anywhere is refused everywhere. A foreign or unknown id: 404, nothing done.
   */
  async function listOnChannels(userId: string, body: ListOnChannelsBody): Promise<ChannelListingOutcome[]> {
    const itemIds = [...new Set(body.itemIds)];
    const own = await ownItemsForListing(db, userId, itemIds);
    if (!own) throw itemNotFound();
    const soldRefusals = own.filter((row) => row.sold).map((row) => ({ itemId: row.id, sku: row.sku, message: channelMessages.sold }));
    const sellable = itemIds.filter((id) => !soldRefusals.some((refusal) => refusal.itemId === id));
    const skuOf = new Map(own.map((row) => [row.id, row.sku]));
    const { country } = await sellerRegionIn(db, userId);
    const outcomes: ChannelListingOutcome[] = [];
    for (const channel of body.channels) {
      const outcome: ChannelListingOutcome = { channel, queued: [], alreadyQueued: [], prepared: [], refused: [...soldRefusals] };
      outcomes.push(outcome);
      if (!sellable.length) continue;
      // A marketplace with no site in the seller's country (Mercari for a UK seller) prepares nothing.
      if (!servesSellerIn(channel, country)) {
        const message = channelMessages.notServed(channelNames[channel], sellerRegionOf(country).label.replace(/ \(.*\)$/, ''));
        outcome.refused.push(...sellable.map((itemId) => ({ itemId, sku: skuOf.get(itemId) ?? '', message })));
        continue;
      }
      if (isApiChannel(channel)) {
        // Live there already: said so, never published a second time.
        const live = await liveOn(db, userId, sellable, channel);
        for (const itemId of live) {
          outcome.refused.push({ itemId, sku: skuOf.get(itemId) ?? '', message: channelMessages.alreadyListed(channelNames[channel]) });
        }
        const toPublish = sellable.filter((id) => !live.has(id));
        if (!toPublish.length) continue;
        const answer = await marketplaces[channel].requestPublish(userId, toPublish).catch((error: unknown) => {
          // Not connected there (or not configured): that channel's items are refused in its words, the others go on.
          if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
          return {
            queued: [],
            alreadyQueued: [],
            refused: toPublish.map((itemId) => ({ itemId, sku: skuOf.get(itemId) ?? '', message: error.message })),
          };
        });
        outcome.queued = answer.queued;
        outcome.alreadyQueued = answer.alreadyQueued;
        outcome.refused.push(...answer.refused);
        continue;
      }
      const rows = await prepareAssistedListings(db, userId, sellable, channel);
      for (const row of rows) {
        if (row.status === 'draft') outcome.prepared.push(row.itemId);
        else {
          const message = row.task
            ? channelMessages.delistTaskOpen(channelNames[channel])
            : channelMessages.alreadyListed(channelNames[channel]);
          outcome.refused.push({ itemId: row.itemId, sku: skuOf.get(row.itemId) ?? '', message });
        }
      }
    }
    return outcomes;
  }

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
    const set = await setDelistTasks(db, userId);
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
      if (!(await itemIsOwn(db, userId, itemId))) throw itemNotFound();
      throw new AppError('CONFLICT', channelMessages.noTask);
    }
  }

  /**
   * "Sold on Depop": a sale on the assisted channel, recorded as a line of the sales table (its order id made here),
   * so profit counts it; the listing there is sold (made when the seller never recorded it) and the item's other
   * channels end or get a delist task, as after a pull. `endElsewhere` is the sales service's (answers how many
   * API listings it ended; it sets the delist tasks too).
   */
  async function recordSale(
    userId: string,
    itemId: string,
    channel: AssistedChannel,
    body: { price: Money; shipping?: Money; fees: Money; soldAt: RecordSaleBody['soldAt'] },
    endElsewhere: (userId: string) => Promise<number>,
  ): Promise<RecordSaleResponse> {
    const date = parseSaleDate(body.soldAt, clock.now());
    if (!date.ok) throw new AppError('VALIDATION_FAILED', date.message);
    const { soldAt } = date;
    const saleId = await db.transaction(async (tx) => {
      const item = await lockItemForSale(tx, userId, itemId);
      if (!item) throw itemNotFound();
      if ((await listingStatusOf(tx, userId, itemId, channel)) === 'sold') throw new AppError('CONFLICT', channelMessages.alreadySold);
      // What the seller typed, in the item's currency: another is refused, never converted.
      const typed = (value: Money = money(0, item.currency)) => {
        if (value.currency !== item.currency) throw new AppError('VALIDATION_FAILED', moneyMessages.otherCurrency(item.currency));
        return value.amountMinor;
      };
      const saleId = await insertRecordedSale(tx, {
        userId,
        channel,
        itemId,
        externalOrderId: `manual-${randomUUID()}`,
        externalLineId: '1',
        sku: item.sku,
        quantity: 1,
        priceMinor: typed(body.price),
        shippingChargedMinor: typed(body.shipping),
        feesMinor: typed(body.fees),
        currency: item.currency,
        soldAt,
      });
      await markListingSold(tx, userId, itemId, channel, soldAt);
      return saleId;
    });
    const endedElsewhere = await endElsewhere(userId);
    return { saleId, delistTasks: await delistTaskCountOf(db, userId, itemId), endedElsewhere };
  }

  return {
    listOnChannels,
    delistTasksOf,
    mailDelistTasks,
    taskAssistedListings,
    tick,
    recordSale,
    browserNotificationsOf: (userId: string) => browserNotificationsOf(db, userId),
    setBrowserNotifications: (userId: string, on: boolean) => setBrowserNotifications(db, userId, on),
    markDelistTaskTold: (userId: string, itemId: string, channel: Channel) => markDelistTaskTold(db, userId, itemId, channel),
  };
}

export type EveryChannel = ReturnType<typeof createEveryChannel>;
