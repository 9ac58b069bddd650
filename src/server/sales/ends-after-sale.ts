import { randomUUID } from 'node:crypto';
import { systemClock } from '../jobs/clock';
import { createJobRunner } from '../jobs/job-runner';
import { itemSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import type { JobHandler, ScheduledTask } from '../jobs/registry';
import { DEFAULT_LEASE_MS } from '../jobs/worker-pool';
import type { Marketplace, MarketplacesDeps } from '../channels/marketplace';
import { noteEndFailed, soldItemsListedElsewhere } from './sales-repo';

/**
 * Tries of an end after a sale before the job gives up: with the queue's back-off (5 s, doubling, at most 5 min) about
 * 40 minutes in all. The next sale or pull owes it again after that, and the seller sees "Still live on ..." with its
 * button meanwhile.
 */
export const END_SOLD_ELSEWHERE_ATTEMPTS = 12;
/** How long a sale that ends the other listings at once waits for an end another worker is already running. */
export const END_NOW_WAIT_MS = 15_000;

export interface EndsAfterSaleDeps extends MarketplacesDeps {
  /** The handed-over marketplaces' side of a sale (delist-tasks/delist-tasks.ts): their live listings become tasks. */
  delistTasks?: { taskAssistedListings(userId: string): Promise<unknown> };
  /**
   * Who the caller's own turn leases a job as: this process's worker identity, so that a restart after a kill -9
   * releases it at once (queue.ts releaseLeasesOf) rather than after the lease; a random one where none is given.
   */
  leaseOwner?: string;
}

/**
 * The one sale path's ends (decisions 076, 083, 166): whatever recorded a sale (a pull, a marketplace's push, a sale
 * typed for a handed-over marketplace), its item's other listings are ended the same way. First the ends are owed:
 * one end-sold-elsewhere job per sold item, stored before any end goes out (a kill -9 after it leaves them for the
 * next worker, not for the next pull), claimed before any other due job. Then each job, whoever runs it, ends its
 * item's live listings on the other API marketplaces through their `end` and makes its listings on handed-over
 * marketplaces delist tasks; an end refused is written on its listing ("Still live on Etsy: end it now") and the job
 * is retried with the queue's back-off.
 *
 * Who runs the jobs is the only difference: a seller waiting on an answer (Check for sales, a pull, End it now, a sale
 * typed by hand) has them run at once, in its own turn, through the same runner a worker uses, so the answer shows the
 * other listings ended; a marketplace's push is answered once they are owed, and the workers run them (Shopify wants
 * its answer within 5 s whatever the other marketplaces take).
 */
export function createEndsAfterSale({ db, marketplaces, clock, log, delistTasks, leaseOwner }: EndsAfterSaleDeps) {
  const registered = () => Object.values(marketplaces).filter((market): market is Marketplace => Boolean(market));
  const handler: JobHandler<'end-sold-elsewhere'> = {
    maxAttempts: END_SOLD_ELSEWHERE_ATTEMPTS,
    async run(job, ctx) {
      const { ended, failed } = await endItemElsewhere(job.userId, job.itemId);
      ctx.log.info({ itemId: job.itemId, ended }, 'sold item ended elsewhere');
      if (failed) throw new Error(`still live after a sale elsewhere on ${failed} marketplace(s); retried`);
    },
  };
  // A caller's own turn runs the jobs as a worker does: its lease (a process killed while running one leaves it to a
  // worker once the lease runs out), its retries and its give-up.
  const runner = createJobRunner({
    db,
    log,
    clock: { now: () => clock.now(), sleep: systemClock.sleep },
    leaseMs: DEFAULT_LEASE_MS,
    owner: leaseOwner ?? `sale-ends-${randomUUID()}`,
  });

  /** The seller's live listings on handed-over marketplaces of items sold elsewhere become delist tasks (once each). */
  async function setDelistTasks(userId: string): Promise<void> {
    try {
      await delistTasks?.taskAssistedListings(userId);
    } catch (err) {
      log.warn({ err, userId }, 'setting delist tasks failed; set again by the next sale or pull');
    }
  }

  /** One sold item's job: its other API listings ended, its handed-over ones made delist tasks. */
  async function endItemElsewhere(userId: string, itemId: string): Promise<{ ended: number; failed: number }> {
    let ended = 0;
    let failed = 0;
    await setDelistTasks(userId);
    const toEnd = await soldItemsListedElsewhere(db, userId, { itemIds: [itemId] });
    for (const market of registered()) {
      const { channel } = market;
      if (!toEnd.some((row) => row.channel === channel)) continue;
      try {
        const outcome = await market.end(userId, [itemId], { itemsGo: false, afterSale: true });
        ended += outcome.ended.length;
        if (outcome.refused.length) log.warn({ userId, channel, refused: outcome.refused }, 'a sold item could not be ended elsewhere');
        for (const refused of outcome.refused) await noteEndFailed(db, userId, refused.itemId, channel, refused.message);
        failed += outcome.refused.length ? 1 : 0;
      } catch (err) {
        log.warn({ err, userId, channel }, 'ending a sold item elsewhere failed; retried by the queue');
        await noteEndFailed(db, userId, itemId, channel, `${market.name} could not be reached to end the listing.`);
        failed += 1;
      }
    }
    return { ended, failed };
  }

  /**
   * Stores the ends owed after a sale: a job for each item of `soldItemIds`, and for every other sold item of the
   * seller still live on an API marketplace (an end that failed, or was cut off, is owed again). Answers the items.
   */
  async function owe(userId: string, soldItemIds: readonly string[]): Promise<string[]> {
    const stillLive = await soldItemsListedElsewhere(db, userId, { byApiOn: registered().map((m) => m.channel) });
    const itemIds = [...new Set([...soldItemIds, ...stillLive.map((row) => row.itemId)])];
    for (const itemId of itemIds) await enqueue(db, 'end-sold-elsewhere', { userId, subject: itemSubject(itemId) });
    return itemIds;
  }

  /**
   * The owed ends run now, in the caller's turn (a job another worker runs is waited for, up to END_NOW_WAIT_MS).
   * Answers how many listings are no longer live on an API marketplace because of it. `sellerAsked`: a seller pressed
   * for it (End it now, a sale typed by hand): a worker's run that was under way and failed is followed by one of theirs.
   */
  async function endNow(userId: string, itemIds: readonly string[], { sellerAsked = false } = {}): Promise<number> {
    // Each job sets them; where none is owed, a delist task left unmailed by a failed send is mailed after this pull.
    if (!itemIds.length) await setDelistTasks(userId);
    const before = (await soldItemsListedElsewhere(db, userId, { itemIds: [...itemIds] })).length;
    for (const itemId of itemIds)
      await runner.runJobNow('end-sold-elsewhere', { userId, subject: itemSubject(itemId) }, handler, {
        waitMs: END_NOW_WAIT_MS,
        againAfterFailure: sellerAsked,
      });
    const after = (await soldItemsListedElsewhere(db, userId, { itemIds: [...itemIds] })).length;
    return Math.max(0, before - after);
  }

  return {
    owe,
    endNow,
    /** The end-sold-elsewhere job kind, as the workers run it (the same handler as `endNow`'s). */
    job: (scheduled: ScheduledTask[] = []): JobHandler<'end-sold-elsewhere'> => ({ ...handler, scheduled }),
  };
}

export type EndsAfterSale = ReturnType<typeof createEndsAfterSale>;
