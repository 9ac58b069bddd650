import { retryAfterSecondsOf } from './retry-after';

export interface PacingOptions {
  /** The marketplace's call rate for the app, when known: calls start at most this often (all sellers and workers of the process). */
  callsPerSecond?: number;
  /** A 429 asking for at most this wait is waited out here and the call sent again, instead of failing the job. */
  maxInlineWaitSeconds?: number;
  /** Times one call is sent again after 429s. */
  maxRetries?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A marketplace's pace (one per marketplace client), shared by every call of the process: calls start no closer than
 * the app's rate allows, and a 429's Retry-After holds every call (not only the one refused) until it has passed. A
 * short Retry-After is waited out and the call sent again, so a bulk publish is not set back to its job's start by a
 * rate limit; a longer one reaches the caller as the 429 it is (the job then waits).
 */
export function pacedFetch(inner: typeof fetch, options: PacingOptions = {}): typeof fetch {
  const spacingMs = options.callsPerSecond ? 1000 / options.callsPerSecond : 0;
  const maxInlineWaitMs = (options.maxInlineWaitSeconds ?? 5) * 1000;
  const maxRetries = options.maxRetries ?? 3;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let nextAt = 0;
  let blockedUntil = 0;

  async function turn() {
    const at = Math.max(now(), nextAt, blockedUntil);
    nextAt = at + spacingMs;
    if (at > now()) await sleep(at - now());
  }

  return async function paced(input, init) {
    for (let attempt = 0; ; attempt++) {
      await turn();
      const response = await inner(input, init);
      if (response.status !== 429 || attempt >= maxRetries) return response;
      const waitMs = (retryAfterSecondsOf(response.headers.get('retry-after')) ?? 1) * 1000;
      if (waitMs > maxInlineWaitMs) return response;
      blockedUntil = Math.max(blockedUntil, now() + waitMs);
      await response.body?.cancel();
    }
  } as typeof fetch;
}
