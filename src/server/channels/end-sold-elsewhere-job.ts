import type { JobHandler, ScheduledTask } from '../jobs/registry';
import type { SalesService } from './sales';

/**
 * The end-sold-elsewhere job kind (decision 076): after a pushed sale, the sold item's live listings on its other
 * channels end (API channels) or become delist tasks (assisted ones). Claimed before any other due job. Derived from
 * the listings, so a run after the pull already ended them does nothing; what fails here is tried again after the
 * next pull (channels/sales.ts endListingsElsewhere).
 */
export function endSoldElsewhereJob(
  sales: Pick<SalesService, 'endListingsElsewhere'>,
  scheduled: ScheduledTask[] = [],
): JobHandler<'end-sold-elsewhere'> {
  return {
    scheduled,
    maxAttempts: 3,
    async run(job, ctx) {
      const ended = await sales.endListingsElsewhere(job.userId);
      ctx.log.info({ itemId: job.itemId, ended }, 'sold item ended elsewhere');
    },
  };
}
