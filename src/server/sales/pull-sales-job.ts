import { AppError } from '@shared/errors';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { retryJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import type { FeesService } from '../fees/fees';
import type { Marketplaces } from '../channels/marketplace';
import type { SalesService } from './sales';
import { FAST_SALES_PULL_MS } from './sales-pull-schedule';

/** A marketplace's busy or unreachable answers are waited out this many times (5 s doubling), then left for the next pull. */
export const PULL_SALES_BUSY_RETRIES = 5;
const BUSY_WAIT_SECONDS = 5;

/**
 * The pull-sales job kind: one seller's sales on one channel (sales/sales.ts). Busy and unreachable answers go back
 * to the queue for the time asked or a growing pause; a seller with no usable connection (never connected, token
 * expired, app not configured) has nothing to pull, which completes the job; anything else is retried with back-off.
 * Its scheduled task queues each connected seller's pull every `intervalMs` (SALES_PULL_INTERVAL_S), or every `fastMs`
 * while an item of theirs is live on two API channels (sales/sales-pull-schedule.ts).
 */
export function pullSalesJob(
  db: Db,
  marketplaces: Marketplaces,
  sales: SalesService,
  intervalMs: number,
  fees: FeesService,
  fastMs = FAST_SALES_PULL_MS,
): JobHandler<'pull-sales'> {
  return {
    scheduled: [
      {
        // Looks for due sellers a few times per (fast) interval, so each is pulled about when due (decision 078).
        name: 'queue due sales pulls',
        everyMs: Math.max(1_000, Math.min(fastMs / 3, intervalMs / 4, 60_000)),
        async run({ log }) {
          const queued = await sales.queueDuePulls(intervalMs, fastMs);
          if (queued) log.debug({ queued }, 'sales pulls queued');
        },
      },
    ],
    maxAttempts: 5,
    async run(job, ctx) {
      const channel = job.subject.channel as ApiChannel;
      const marketplace = marketplaces[channel];
      try {
        await sales.pullSalesOf(job.userId, channel);
        await fees.pullFeesOf(job.userId, channel);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        if (error instanceof AppError && error.code === 'CONFLICT') {
          ctx.log.info({ channel, reason: error.message }, 'no sales pulled: no usable connection');
          return;
        }
        const failure = marketplace.publishFailureOf(error);
        const retries = job.payload.busyRetries ?? 0;
        if ((failure.kind === 'busy' || failure.kind === 'unreachable') && retries < PULL_SALES_BUSY_RETRIES) {
          const seconds = (failure.kind === 'busy' && failure.seconds) || BUSY_WAIT_SECONDS * 2 ** retries;
          await retryJob(db, job, {
            runAfterMs: ctx.clock.now() + seconds * 1000,
            lastError: `${marketplace.name} is busy - pulling sales again in ${seconds}s`,
            payload: { ...job.payload, busyRetries: retries + 1 },
          });
          return;
        }
        throw error;
      }
    },
  };
}
