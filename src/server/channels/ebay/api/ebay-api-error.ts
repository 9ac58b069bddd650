import { retryAfterSecondsOf } from '../../retry-after';

/** An eBay REST error ({errors:[{errorId, domain, category, message, longMessage, parameters}]}) or an OAuth error. */
export interface EbayErrorParameter {
  name: string;
  value: string;
}

export interface EbayErrorDetail {
  errorId: number;
  domain?: string;
  category?: string;
  message: string;
  longMessage?: string;
  parameters: EbayErrorParameter[];
}

export class EbayApiError extends Error {
  readonly httpStatus: number;
  /** The first error's id (0 when eBay sent none, for example an OAuth error or a bare 5xx). */
  readonly errorId: number;
  readonly longMessage: string | undefined;
  readonly parameters: EbayErrorParameter[];
  /** Every error eBay listed, the first one first. */
  readonly errors: EbayErrorDetail[];
  /** Seconds to wait, from Retry-After on a 429 (or 503). */
  readonly retryAfterSeconds: number | undefined;
  /** OAuth's `error` code (invalid_grant, invalid_scope, invalid_client...) from the token endpoint. */
  readonly oauthError: string | undefined;

  constructor(init: {
    httpStatus: number;
    errors: EbayErrorDetail[];
    retryAfterSeconds?: number;
    oauthError?: string;
    fallbackMessage: string;
  }) {
    const first = init.errors[0];
    super(first?.message || init.fallbackMessage);
    this.name = 'EbayApiError';
    this.httpStatus = init.httpStatus;
    this.errors = init.errors;
    this.errorId = first?.errorId ?? 0;
    this.longMessage = first?.longMessage;
    this.parameters = first?.parameters ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.oauthError = init.oauthError;
  }

  /** The value of a named parameter of the first error (for example the existing offerId of a duplicate offer). */
  parameter(name: string): string | undefined {
    return this.parameters.find((p) => p.name === name)?.value;
  }

  /** Whether any listed error has this id. */
  has(errorId: number): boolean {
    return this.errors.some((e) => e.errorId === errorId);
  }

  /** Rate limits, eBay's system and concurrency errors (25001, 25025) and 5xx: worth retrying after a pause. */
  get retryable(): boolean {
    return this.httpStatus === 429 || this.httpStatus >= 500 || this.has(25001) || this.has(25025);
  }
}

/**
 * eBay gave no answer at all: the connection was refused or cut, the host did not resolve, or the call ran past its
 * time limit. Worth retrying after a pause, like eBay's busy answers; never a sign that eBay did or did not act.
 */
export class EbayUnreachableError extends Error {
  constructor(cause: unknown) {
    super(`eBay could not be reached (${unreachableReason(cause)})`, { cause });
    this.name = 'EbayUnreachableError';
  }
}

/**
 * eBay answered 2xx with a body that is not JSON where the document says JSON (a proxy's or a maintenance page, a
 * garbled answer): names the operation and shows the start of what came, instead of a bare SyntaxError.
 */
export class EbayInvalidAnswerError extends Error {
  constructor(
    readonly operation: string,
    readonly httpStatus: number,
    contentType: string | null,
    text: string,
  ) {
    super(`eBay's answer to ${operation} (HTTP ${httpStatus}, ${contentType ?? 'no content type'}) is not JSON: ${text.slice(0, 200)}`);
    this.name = 'EbayInvalidAnswerError';
  }
}

function unreachableReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'no answer in time';
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

/** Runs one exchange with eBay (the request and the reading of its answer); no answer becomes EbayUnreachableError. */
export async function reachEbay<T>(exchange: () => Promise<T>): Promise<T> {
  try {
    return await exchange();
  } catch (error) {
    if (error instanceof EbayApiError) throw error;
    throw new EbayUnreachableError(error);
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export const parseRetryAfter = retryAfterSecondsOf;

function detailOf(raw: unknown): EbayErrorDetail | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  const parameters = Array.isArray(e.parameters)
    ? (e.parameters as { name?: unknown; value?: unknown }[]).map((p) => ({ name: String(p.name ?? ''), value: String(p.value ?? '') }))
    : [];
  return {
    errorId: Number(e.errorId ?? 0),
    domain: typeof e.domain === 'string' ? e.domain : undefined,
    category: typeof e.category === 'string' ? e.category : undefined,
    message: typeof e.message === 'string' ? e.message : '',
    longMessage: typeof e.longMessage === 'string' ? e.longMessage : undefined,
    parameters,
  };
}

/** Reads a failed response into an EbayApiError, whatever shape (or no body) eBay sent. */
export async function ebayErrorFromResponse(response: Response): Promise<EbayApiError> {
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // not JSON: keep the status and the start of the text
  }
  const errors = (Array.isArray(body.errors) ? body.errors : []).map(detailOf).filter((e): e is EbayErrorDetail => e !== null);
  const oauthError = typeof body.error === 'string' ? body.error : undefined;
  if (errors.length === 0 && oauthError) {
    errors.push({ errorId: 0, message: typeof body.error_description === 'string' ? body.error_description : oauthError, parameters: [] });
  }
  return new EbayApiError({
    httpStatus: response.status,
    errors,
    oauthError,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    fallbackMessage: `eBay answered HTTP ${response.status}${text && !errors.length ? `: ${text.slice(0, 200)}` : ''}`,
  });
}

/** The call's answer, or null when eBay has nothing there (404): "not found" is an answer, not a failure. */
export async function nullWhenMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof EbayApiError && error.httpStatus === 404) return null;
    throw error;
  }
}

/**
 * eBay refused the call's user token: a 401 of its APIs (errorId 1001 "Invalid access token", domain OAuth, for one
 * expired or revoked).
 */
export const ebayTokenRefused = (error: unknown): boolean => error instanceof EbayApiError && error.httpStatus === 401;
