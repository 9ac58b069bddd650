import type { RateLimitInfo } from '../adapters/ai/listing-generator';
import { systemClock, type Clock } from './clock';

/**
 * Paces requests to one AI provider at the rate the provider itself reports, instead of a fixed spacing:
 * - x-ratelimit-limit-requests / anthropic-ratelimit-requests-limit (per minute) sets the spacing, 60 s / limit;
 * - remaining 0 with a reset time and no known limit holds requests until the reset;
 * - a 429's Retry-After holds every request of this provider until it has passed.
 * Until the first answer nothing is known and requests go out as the workers take them. One limiter per provider
 * and endpoint is shared by all workers of the process; across processes the provider's own counters (remaining,
 * 429s) keep them in step.
 */
export interface RateLimiter {
  /** Waits for this request's turn (returns early, without a turn, when the signal aborts). */
  acquire(signal?: AbortSignal): Promise<void>;
  /** What an answer's headers said. */
  observe(info: RateLimitInfo): void;
  /** A 429: nobody sends before retryAfterSeconds (60 when unknown) have passed. */
  penalize(retryAfterSeconds: number | null): void;
  readonly spacingMs: number;
}

const DEFAULT_PENALTY_SECONDS = 60;

export function createProviderRateLimiter(clock: Clock = systemClock): RateLimiter {
  let spacingMs = 0;
  let nextAt = 0;
  let blockedUntil = 0;
  let remaining: number | undefined;
  let resetAt = 0;
  let startedSinceAnswer = 0;

  function turn(now: number): number {
    let at = Math.max(now, nextAt, blockedUntil);
    const left = remaining === undefined ? Infinity : remaining - startedSinceAnswer;
    if (left <= 0 && spacingMs === 0 && resetAt > at) at = resetAt;
    return at;
  }

  return {
    async acquire(signal) {
      const now = clock.now();
      const at = turn(now);
      nextAt = at + spacingMs;
      startedSinceAnswer += 1;
      if (at > now) await clock.sleep(at - now, signal);
    },
    observe(info) {
      const now = clock.now();
      if (info.limitPerMinute && info.limitPerMinute > 0) spacingMs = 60_000 / info.limitPerMinute;
      if (info.remaining !== undefined) {
        remaining = info.remaining;
        startedSinceAnswer = 0;
      }
      if (info.resetMs !== undefined) resetAt = now + info.resetMs;
    },
    penalize(retryAfterSeconds) {
      blockedUntil = Math.max(blockedUntil, clock.now() + (retryAfterSeconds ?? DEFAULT_PENALTY_SECONDS) * 1000);
    },
    get spacingMs() {
      return spacingMs;
    },
  };
}

/** One limiter per key (provider + endpoint), shared by every worker of the process. */
export function createRateLimiters(clock: Clock = systemClock) {
  const limiters = new Map<string, RateLimiter>();
  return {
    for(key: string): RateLimiter {
      let limiter = limiters.get(key);
      if (!limiter) {
        limiter = createProviderRateLimiter(clock);
        limiters.set(key, limiter);
      }
      return limiter;
    },
  };
}
export type RateLimiters = ReturnType<typeof createRateLimiters>;
