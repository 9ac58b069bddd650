import type { Clock } from '../../../jobs/clock';
import type { ScheduledTask } from '../../../jobs/registry';
import type { EbayOffersService } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The sellers' offer rules, once a UTC day, on the job queue's scheduler (decision 087). A second server running it the
 * same day sends nothing twice: a listing with an offer still open is skipped ("too-soon"), as eBay would refuse it.
 */
export function offersDailyTask(offers: Pick<EbayOffersService, 'runDaily'>, clock: Pick<Clock, 'now'>): ScheduledTask {
  let lastDay = -1;
  return {
    name: 'send the sellers’ daily eBay offers to interested buyers',
    everyMs: 60 * 60 * 1000,
    async run({ log }) {
      const day = Math.floor(clock.now() / DAY_MS);
      if (day === lastDay) return;
      lastDay = day;
      const { sent, failed } = await offers.runDaily();
      if (sent) log.info({ sent }, 'daily eBay offers sent');
      for (const failure of failed) log.warn(failure, 'daily eBay offers failed for a seller');
    },
  };
}
