import type { JobHandler, ScheduledTask } from '../jobs/registry';
import type { SalesService } from './sales';

/**
 * Tries of an end after a sale before the job gives up: with the queue's back-off (5 s, doubling, at most 5 min) about
 * 40 minutes in all. The pull tries again after that, and the seller sees "Still live on ..." with its button meanwhile.
 */
export const END_SOLD_ELSEWHERE_ATTEMPTS = 12;

/**
 * The end-sold-elsewhere job kind (decisions 076, 083): after a sale, the sold item's live listings on its other
 * channels end (API channels) or become delist tasks (assisted ones). Claimed before any other due job. Derived from
 * the listings, so a run after the pull already ended them does nothing. An end that fails fails the job, which the
 * queue runs again with back-off until it succeeds.
 */
export function endSoldElsewhereJob(
  sales: Pick<SalesService, 'endListingsElsewhere'>,
  scheduled: ScheduledTask[] = [],
): JobHandler<'end-sold-elsewhere'> {
  return {
    scheduled,
    maxAttempts: END_SOLD_ELSEWHERE_ATTEMPTS,
    async run(job, ctx) {
      const { ended, failed } = await sales.endListingsElsewhere(job.userId);
      ctx.log.info({ itemId: job.itemId, ended }, 'sold item ended elsewhere');
      if (failed.length) throw new Error(`still live after a sale elsewhere: ${failed.length} item(s); retried`);
    },
  };
}
