import { retryAfterSecondsOf } from './etsy-errors';

/** Etsy's default rate for an app: 10 requests a second (QPS), all sellers of the app together. */
export const ETSY_CALLS_PER_SECOND = 10;

export interface EtsyPacingOptions {
  callsPerSecond?: number;
  /** A 429 asking for at most this wait is waited out here and the request sent again. */
  maxInlineWaitSeconds?: number;
  maxRetries?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Etsy's pace, shared by every request of the process: requests start no closer than the app's rate allows, and a
 * 429's Retry-After holds every request (not only the refused one) until it has passed; a short one is waited out and
 * the request sent again, a longer one reaches the caller as the 429 it is (the job then waits, as eBay's does).
 */
export function etsyPacedFetch(inner: typeof fetch, options: EtsyPacingOptions = {}): typeof fetch {
  const spacingMs = 1000 / (options.callsPerSecond ?? ETSY_CALLS_PER_SECOND);
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
