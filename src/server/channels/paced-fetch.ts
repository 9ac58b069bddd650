import { retryAfterSecondsOf } from './retry-after';

export interface PacingOptions {
  /** The marketplace's call rate for the app, when known: calls start at most this often (all sellers and workers of the process). */
  callsPerSecond?: number;
  /**
   * Calls that may start back to back after a quiet spell (the token bucket's size; 1 by default). A marketplace
   * counting calls in any one second (Etsy, eBay) allows `limit - callsPerSecond` at most on top of the steady rate.
   */
  burst?: number;
  /** A 429 asking for at most this wait is waited out here and the call sent again, instead of failing the job. */
  maxInlineWaitSeconds?: number;
  /** Times one call is sent again after 429s. */
  maxRetries?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A marketplace's pace (one per marketplace client), shared by every call of the process: a token bucket filled at
 * the app's rate (`callsPerSecond`, set a little under the marketplace's documented limit), one token a call, taken
 * in the order the calls asked. Tokens are counted on the clock when a call actually starts, so a process that was
 * busy for a while does not then send the calls it held back all at once (a bucket of reserved start times would).
 * A 429's Retry-After holds every call (not only the one refused) until it has passed, and empties the bucket. A
 * short Retry-After is waited out and the call sent again, so a bulk publish is not set back to its job's start by a
 * rate limit; a longer one reaches the caller as the 429 it is (the job then waits).
 */
/**
 * The part of a token a waiting call may keep beyond the bucket's size when its timer fired late: under 1, so no
 * second ever starts more than `burst + callsPerSecond` calls (whole calls), and a held-up process sends what it
 * held back almost an interval apart.
 */
const LATE_CREDIT = 0.25;

export function pacedFetch(inner: typeof fetch, options: PacingOptions = {}): typeof fetch {
  const rate = options.callsPerSecond ?? 0;
  const size = Math.max(1, options.burst ?? 1);
  const maxInlineWaitMs = (options.maxInlineWaitSeconds ?? 5) * 1000;
  const maxRetries = options.maxRetries ?? 3;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let tokens = size;
  let filledAt = now();
  let blockedUntil = 0;
  let queue: Promise<void> = Promise.resolve();

  async function takeToken() {
    let waited = false;
    for (;;) {
      const at = now();
      if (at < blockedUntil) {
        await sleep(blockedUntil - at);
        continue;
      }
      if (!rate) return;
      // A call that waited for its token keeps a little of what the timer's lateness filled beyond the bucket: a timer
      // that fires 8 ms late on every call cost Etsy's lane a tenth of its rate (8.1 calls a second paced at 9).
      tokens = Math.min(waited ? size + LATE_CREDIT : size, tokens + ((at - filledAt) / 1000) * rate);
      filledAt = at;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      waited = true;
      await sleep(Math.ceil(((1 - tokens) / rate) * 1000));
    }
  }

  /** The caller's turn: after every call that asked before it. */
  function turn(): Promise<void> {
    const mine = queue.then(takeToken);
    queue = mine.catch(() => undefined);
    return mine;
  }

  return async function paced(input, init) {
    for (let attempt = 0; ; attempt++) {
      await turn();
      const response = await inner(input, init);
      if (response.status !== 429 || attempt >= maxRetries) return response;
      const waitMs = (retryAfterSecondsOf(response.headers.get('retry-after')) ?? 1) * 1000;
      if (waitMs > maxInlineWaitMs) return response;
      blockedUntil = Math.max(blockedUntil, now() + waitMs);
      tokens = 0;
      filledAt = blockedUntil;
      await response.body?.cancel();
    }
  } as typeof fetch;
}
