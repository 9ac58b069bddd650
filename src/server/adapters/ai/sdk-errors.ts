import {
  GenerationError,
  GenerationTimeoutError,
  InvalidListingError,
  ProviderError,
  RateLimitError,
  type GenerateOptions,
  type RateLimitInfo,
} from './listing-generator';
import { retryAfterMs } from './rate-limit-headers';

type ErrorClass<T = object> = abstract new (...args: never[]) => T;

/** The error classes the OpenAI and Anthropic SDKs both export (same names and shapes, distinct classes). */
export interface SdkErrors {
  APIError: ErrorClass<{ status?: number; headers?: unknown; message: string }>;
  APIConnectionError: ErrorClass<{ message: string }>;
  APIConnectionTimeoutError: ErrorClass;
  APIUserAbortError: ErrorClass;
}

export interface SdkErrorMapping {
  sdk: SdkErrors;
  /** The provider's rate-limit headers, read from every error answer (the limiter follows them). */
  rateLimitInfo(headers: Headers | undefined): RateLimitInfo;
  /** What a 429 says; the SDK's message when omitted. */
  rateLimitMessage?(err: { message: string }): string;
}

/**
 * A request sent once more when its connection failed before any answer: a kept-alive connection the provider had just
 * closed, or one reset on the way. The SDKs' own retries are off (the job queue rules 429s and provider errors), so
 * without this one a seller's listing failed with "Can't reach the AI provider" on a connection any client would have
 * opened again. Once only: a provider that cannot be reached fails the generation on the second try, as before.
 */
export async function againIfCutOff<T>(send: () => Promise<T>, sdk: SdkErrors, signal: AbortSignal): Promise<T> {
  try {
    return await send();
  } catch (err) {
    const cutOff = err instanceof sdk.APIConnectionError && !(err instanceof sdk.APIConnectionTimeoutError);
    if (!cutOff || signal.aborted) throw err;
    return send();
  }
}

/** An SDK error as the generation rules know it (timeout, rate limit, provider error, malformed answer). */
export function toGenerationError(
  err: unknown,
  timedOut: boolean,
  onRateLimitInfo: GenerateOptions['onRateLimitInfo'],
  mapping: SdkErrorMapping,
): unknown {
  const { sdk } = mapping;
  if (err instanceof GenerationError) return err;
  if (err instanceof sdk.APIConnectionTimeoutError || timedOut) return new GenerationTimeoutError();
  if (err instanceof sdk.APIUserAbortError) return err;
  if (err instanceof sdk.APIError && err.status !== undefined) {
    const headers = err.headers as Headers | undefined;
    onRateLimitInfo?.(mapping.rateLimitInfo(headers));
    if (err.status === 429) {
      const ms = retryAfterMs(headers);
      return new RateLimitError(ms === undefined ? null : Math.ceil(ms / 1000), mapping.rateLimitMessage?.(err) ?? err.message);
    }
    return new ProviderError(`AI provider error: ${err.message}`, err.status, { cause: err });
  }
  if (err instanceof sdk.APIConnectionError) return new ProviderError(`Can't reach the AI provider: ${err.message}`, null, { cause: err });
  if (err instanceof SyntaxError) return new InvalidListingError('The AI returned malformed JSON instead of a listing. Please try again.');
  return err;
}
