import { retryAfterSecondsOf as retryAfterSeconds } from '../../retry-after';
import { MarketplaceUnreachableError } from '../../marketplace-unreachable';

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

/**
 * Etsy refused the call's OAuth token: its document's 401, "The request lacks valid authentication credentials" (an
 * expired or revoked token). A missing scope is a 403, which a new token would not mend.
 */
export const etsyTokenRefused = (error: unknown): boolean => error instanceof EtsyApiError && error.status === 401;

/**
 * Etsy answered a call with a success the document does not have (a body that is not JSON, or none where JSON is
 * due): an EtsyApiError of 502, Etsy's answer being unusable, worth trying again; its message names the call.
 */
export class EtsyAnswerError extends EtsyApiError {
  constructor(
    /** The call in the document's words: "GET /v3/application/users/me". */
    readonly call: string,
    /** The status Etsy answered with. */
    readonly answeredStatus: number,
    problem: string,
  ) {
    super(502, `Etsy's answer to ${call} (${answeredStatus}) ${problem}`);
    this.message = `Etsy's answer to ${call} (${answeredStatus}) ${problem}`;
    this.name = 'EtsyAnswerError';
  }
}

/** No answer from Etsy at all (network, DNS, timeout). */
export class EtsyUnreachableError extends MarketplaceUnreachableError {
  constructor(cause: unknown) {
    super('Etsy', cause);
  }
}

/** Retry-After in seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSecondsOf(value: string | null, now = Date.now()): number | null {
  return retryAfterSeconds(value, now) ?? null;
}
