import type { Db } from '../db/client';
import { appCallsToday, takeAppCall } from './daily-calls-repo';

/**
 * The marketplaces' daily call counters (daily-calls-repo.ts) for the features outside channels/ that spend them: a
 * listing's revisions (decision 090), a channel's sales checks (decision 078).
 */

export { revisionCounter, utcDay } from './daily-calls-repo';

/** Counts one call of `counter` today unless today's calls reached `limit`: true when the call may go. */
export function takeDailyCall(db: Db, counter: string, limit: number, now: number): Promise<boolean> {
  return takeAppCall(db, counter, limit, now);
}

/** Today's (UTC) calls counted under `counter`. */
export function dailyCallsToday(db: Db, counter: string, now: number): Promise<number> {
  return appCallsToday(db, counter, now);
}
