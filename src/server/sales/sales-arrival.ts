/**
 * How a seller's sales arrive from each marketplace, as the Marketplaces screen says it: pushed ("by push,
 * within seconds") when the marketplace pushes this seller's sales, otherwise checked every N seconds by the adaptive
 * pull (decision 078: the fast pace while an item is live here and on another API channel and the day's share of
 * calls lasts, else the normal interval), with the reason push is off.
 */
import type { SalesArrival } from '@shared/contracts/channels';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import type { Marketplaces } from '../channels/marketplace';
import { salesChecksToday, sellersLiveElsewhereToo } from './sales-pull-repo';
import { fastPullEveryMs, FAST_SALES_PULL_MS } from './sales-pull-schedule';
import { pushOffReasons } from './sales-push';

export interface SalesArrivalDeps {
  db: Db;
  marketplaces: Marketplaces;
  clock: Pick<Clock, 'now'>;
  /** SALES_PULL_INTERVAL_S, in ms. */
  intervalMs: number;
  fastMs?: number;
}

export function createSalesArrival({ db, marketplaces, clock, intervalMs, fastMs = FAST_SALES_PULL_MS }: SalesArrivalDeps) {
  /** How often the pull checks this seller's sales on `channel` now, in ms. */
  async function pullEveryMs(userId: string, channel: ApiChannel): Promise<number> {
    const market = marketplaces[channel];
    if (fastMs >= intervalMs || !(await sellersLiveElsewhereToo(db, channel, [userId])).has(userId)) return intervalMs;
    const now = clock.now();
    const fast = fastPullEveryMs(await salesChecksToday(db, channel, now), market.dailySalesCallLimit, 1, now, fastMs);
    return fast === null ? intervalMs : Math.min(fast, intervalMs);
  }

  return {
    async arrivalOf(userId: string, channel: ApiChannel): Promise<SalesArrival> {
      const market = marketplaces[channel];
      const push = market.salesPushOf ? await market.salesPushOf(userId) : null;
      if (push?.on) return { by: 'push' };
      return {
        by: 'pull',
        everySeconds: Math.round((await pullEveryMs(userId, channel)) / 1000),
        pushOff: push ? push.reason : pushOffReasons.neverPushes(market.name),
      };
    },
  };
}

export type SalesArrivals = ReturnType<typeof createSalesArrival>;
