import type { Db } from '../db/client';
import { systemClock, type Clock } from '../jobs/clock';
import { stepProviderPacing } from './provider-pacing-repo';
import { pacedLimiter, type PacingState, type RateLimiters } from './provider-rate-limiter';

/**
 * The provider limiters of every process on one database (decision 026): each step locks the provider's
 * `provider_pacing` row (an upsert), applies the pure step of provider-rate-limiter.ts and writes the row back, in
 * one transaction. Two servers then take turns from one spacing and one Retry-After instead of each pacing at the
 * provider's full rate. Times come from each process's clock (epoch ms): processes on one machine, or on machines
 * kept in time by NTP, agree to a few milliseconds.
 */
export function createSharedRateLimiters(db: Db, clock: Clock = systemClock): RateLimiters {
  return {
    for(key) {
      return pacedLimiter(clock, (step) => stepProviderPacing(db, key, (state) => step(state satisfies PacingState, clock.now())));
    },
  };
}
