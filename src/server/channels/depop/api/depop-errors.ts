import { retryAfterSecondsOf as retryAfterSeconds } from '../../retry-after';
import { MarketplaceUnreachableError } from '../../marketplace-unreachable';

/** One error of Depop's ErrorResponse (`errors[]`): its code and message. */
export interface DepopErrorItem {
  code: string;
  message: string;
}

/**
 * Depop answered with an error: its status and the document's error code and message (ErrorResponse's first error,
 * all of them in `errors`; the token endpoint's OAuthErrorResponse's `error` and `error_description`), and for a 429
 * how long to wait.
 */
export class DepopApiError extends Error {
  constructor(
    readonly status: number,
    /** The document's code: `product_not_found`, `too_many_pictures`, `validation-error`, `invalid_grant`... */
    readonly code: string,
    readonly depopMessage: string,
    readonly errors: readonly DepopErrorItem[] = [{ code, message: depopMessage }],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Depop answered ${status}${code ? ` ${code}` : ''}: ${depopMessage}`);
    this.name = 'DepopApiError';
  }
  /** Worth trying again later: rate limited or Depop's own failure. */
  get retryable() {
    return this.status === 429 || this.status >= 500;
  }
}

/**
 * Depop refused the call for a scope the connection was not granted (401 or 403 `insufficient_scope`): only a new
 * consent asking for it helps, so it says which scope, not just that the call failed.
 */
export class DepopScopeError extends DepopApiError {
  /** The scope Depop names ("Required scope: shop_read"); null when it names none. */
  readonly requiredScope: string | null;
  constructor(status: number, depopMessage: string, errors: readonly DepopErrorItem[]) {
    super(status, 'insufficient_scope', depopMessage, errors);
    this.requiredScope = /Required scope: ([a-z_]+)/.exec(depopMessage)?.[1] ?? null;
    this.message = `Depop refused the call: the Depop connection was not granted ${this.requiredScope ?? 'the scope it needs'}; connect Depop again to allow it (${status} insufficient_scope: ${depopMessage})`;
    this.name = 'DepopScopeError';
  }
}

/**
 * Depop refused the call's access token: the document's Unauthorized answer (401, ErrorResponse with code
 * `unauthorized`, "invalid api key"; "access token expired" for a token past its end). A missing scope is not this
 * (DepopScopeError): a new token would not have it either.
 */
export const depopTokenRefused = (error: unknown): boolean =>
  error instanceof DepopApiError && !(error instanceof DepopScopeError) && error.status === 401 && error.code === 'unauthorized';

/**
 * Depop answered a call with a success the document does not have (a body that is not JSON, none where JSON is due,
 * an amount that is not one): a DepopApiError of 502, Depop's answer being unusable; its message names the call.
 */
export class DepopAnswerError extends DepopApiError {
  constructor(
    /** The call in the document's words: "GET /api/v1/orders/{purchase_id}/". */
    readonly call: string,
    /** The status Depop answered with. */
    readonly answeredStatus: number,
    problem: string,
  ) {
    super(502, 'unusable_answer', `Depop's answer to ${call} (${answeredStatus}) ${problem}`);
    this.message = `Depop's answer to ${call} (${answeredStatus}) ${problem}`;
    this.name = 'DepopAnswerError';
  }
}

/** No answer from Depop at all (network, DNS, timeout). */
export class DepopUnreachableError extends MarketplaceUnreachableError {
  constructor(cause: unknown) {
    super('Depop', cause);
  }
}

/** The error of a non-2xx answer, from its body as the document shapes it (or its text when it is not JSON). */
export function depopErrorOf(status: number, text: string, retryAfter: string | null): DepopApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  const errors = Array.isArray(record.errors)
    ? (record.errors as unknown[]).flatMap((item) => {
        const { code, message } = (item ?? {}) as Record<string, unknown>;
        return typeof code === 'string' ? [{ code, message: typeof message === 'string' ? message : '' }] : [];
      })
    : [];
  if (!errors.length && typeof record.error === 'string') {
    // OAuthErrorResponse: `error` is the code; the description is in error_description (or detail, or message).
    const description = [record.error_description, record.detail, record.message].find((value) => typeof value === 'string');
    errors.push({ code: record.error, message: (description as string | undefined) ?? record.error });
  }
  const first = errors[0] ?? { code: '', message: text.slice(0, 500) || `status ${status}` };
  if ((status === 401 || status === 403) && errors.some((error) => error.code === 'insufficient_scope')) {
    const scope = errors.find((error) => error.code === 'insufficient_scope')!;
    return new DepopScopeError(status, scope.message, errors);
  }
  return new DepopApiError(status, first.code, first.message, errors, retryAfterSeconds(retryAfter) ?? null);
}
