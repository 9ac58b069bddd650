import { retryAfterSecondsOf as retryAfterSeconds } from '../../retry-after';

/** Etsy answered with an error: its status, its own words (`error` of ErrorSchema) and, for 429, how long to wait. */
export class EtsyApiError extends Error {
  constructor(
    readonly status: number,
    readonly etsyMessage: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Etsy answered ${status}: ${etsyMessage}`);
    this.name = 'EtsyApiError';
  }
  /** Worth trying again later: rate limited or Etsy's own failure. */
  get retryable() {
    return this.status === 429 || this.status >= 500;
  }
}

/** No answer from Etsy at all (network, DNS, timeout). */
export class EtsyUnreachableError extends Error {
  constructor(cause: unknown) {
    super('Etsy cannot be reached', { cause });
    this.name = 'EtsyUnreachableError';
  }
}

/** Retry-After in seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSecondsOf(value: string | null, now = Date.now()): number | null {
  return retryAfterSeconds(value, now) ?? null;
}
