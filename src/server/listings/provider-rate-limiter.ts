import type { RateLimitInfo } from '../adapters/ai/listing-generator';
import { systemClock, type Clock } from '../jobs/clock';

/**
 * Paces requests to one AI provider at the rate the provider itself reports, instead of a fixed spacing:
 * - x-ratelimit-limit-requests / anthropic-ratelimit-requests-limit (per minute) sets the spacing, 60 s / limit;
 * - remaining 0 with a reset time and no known limit holds requests until the reset;
 * - a 429's Retry-After holds every request of this provider until it has passed.
 * Until the first answer nothing is known and requests go out as the workers take them. The state below is pure; it
 * lives in process memory (createRateLimiters, one process) or in the database, shared by every server and worker
 * process on it (shared-rate-limiter.ts, decision 026).
 */
export interface RateLimiter {
  /** Waits for this request's turn (returns early, without a turn, when the signal aborts). */
  acquire(signal?: AbortSignal): Promise<void>;
  /** What an answer's headers said. */
  observe(info: RateLimitInfo): Promise<void>;
  /** A 429: nobody sends before retryAfterSeconds (60 when unknown) have passed. */
  penalize(retryAfterSeconds: number | null): Promise<void>;
}

/** One limiter per key (provider + endpoint). */
export interface RateLimiters {
  for(key: string): RateLimiter;
}

/** What a limiter knows of one provider; times are the clock's milliseconds. */
export interface PacingState {
  spacingMs: number;
  /** The earliest start of the next request. */
  nextAt: number;
  /** A 429's Retry-After: nobody starts before. */
  blockedUntil: number;
  /** The provider's last stated remaining requests (null until stated). */
  remaining: number | null;
  resetAt: number;
  /** Requests started since that last statement. */
  startedSinceAnswer: number;
}

export const initialPacing: PacingState = {
  spacingMs: 0,
  nextAt: 0,
  blockedUntil: 0,
  remaining: null,
  resetAt: 0,
  startedSinceAnswer: 0,
};

const DEFAULT_PENALTY_SECONDS = 60;

/** Takes the next turn: when this request may start, and the state after it. */
export function takeTurn(state: PacingState, now: number): { at: number; state: PacingState } {
  let at = Math.max(now, state.nextAt, state.blockedUntil);
  const left = state.remaining === null ? Infinity : state.remaining - state.startedSinceAnswer;
  if (left <= 0 && state.spacingMs === 0 && state.resetAt > at) at = state.resetAt;
  return { at, state: { ...state, nextAt: at + state.spacingMs, startedSinceAnswer: state.startedSinceAnswer + 1 } };
}

export function afterAnswer(state: PacingState, info: RateLimitInfo, now: number): PacingState {
  const next = { ...state };
  if (info.limitPerMinute && info.limitPerMinute > 0) next.spacingMs = 60_000 / info.limitPerMinute;
  if (info.remaining !== undefined) {
    next.remaining = info.remaining;
    next.startedSinceAnswer = 0;
  }
  if (info.resetMs !== undefined) next.resetAt = now + info.resetMs;
  return next;
}

export function afterRateLimited(state: PacingState, retryAfterSeconds: number | null, now: number): PacingState {
  const until = now + (retryAfterSeconds ?? DEFAULT_PENALTY_SECONDS) * 1000;
  return { ...state, blockedUntil: Math.max(state.blockedUntil, until) };
}

/** A limiter over a state held elsewhere: `change` applies one step atomically and answers the step's result. */
export function pacedLimiter(
  clock: Clock,
  change: <T>(step: (state: PacingState, now: number) => { state: PacingState; result: T }) => Promise<T>,
): RateLimiter {
  return {
    async acquire(signal) {
      const at = await change((state, now) => {
        const turn = takeTurn(state, now);
        return { state: turn.state, result: turn.at };
      });
      const wait = at - clock.now();
      if (wait > 0) await clock.sleep(wait, signal);
    },
    async observe(info) {
      await change((state, now) => ({ state: afterAnswer(state, info, now), result: undefined }));
    },
    async penalize(retryAfterSeconds) {
      await change((state, now) => ({ state: afterRateLimited(state, retryAfterSeconds, now), result: undefined }));
    },
  };
}

/** One provider's limiter in process memory. */
export function createProviderRateLimiter(clock: Clock = systemClock): RateLimiter & { readonly state: PacingState } {
  let state = initialPacing;
  const limiter = pacedLimiter(clock, async (step) => {
    const next = step(state, clock.now());
    state = next.state;
    return next.result;
  });
  return {
    ...limiter,
    get state() {
      return state;
    },
  };
}

/** Limiters in process memory: right for one process alone (tests, benches); servers share theirs in the database. */
export function createRateLimiters(clock: Clock = systemClock): RateLimiters {
  const limiters = new Map<string, RateLimiter>();
  return {
    for(key) {
      let limiter = limiters.get(key);
      if (!limiter) {
        limiter = createProviderRateLimiter(clock);
        limiters.set(key, limiter);
      }
      return limiter;
    },
  };
}
