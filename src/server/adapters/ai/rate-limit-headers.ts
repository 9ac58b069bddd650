import type { RateLimitInfo } from './listing-generator';

/** Reads Retry-After (seconds or an HTTP date) and OpenAI's retry-after-ms, in milliseconds. */
export function retryAfterMs(headers: Headers | undefined, nowMs = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** OpenAI durations such as "1s", "6m0s", "20ms", "1h2m3.5s" -> milliseconds. */
export function parseOpenAiDuration(value: string | null): number | undefined {
  if (!value) return undefined;
  const pattern = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let matched = false;
  for (const [, amount, unit] of value.matchAll(pattern)) {
    matched = true;
    const n = Number(amount);
    total += unit === 'h' ? n * 3_600_000 : unit === 'm' ? n * 60_000 : unit === 's' ? n * 1000 : n;
  }
  if (matched) return total;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

const positiveNumber = (value: string | null) => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** x-ratelimit-{limit,remaining,reset}-requests (OpenAI and most compatible servers). */
export function openAiRateLimitInfo(headers: Headers | undefined, nowMs = Date.now()): RateLimitInfo {
  if (!headers) return {};
  return {
    limitPerMinute: positiveNumber(headers.get('x-ratelimit-limit-requests')),
    remaining: positiveNumber(headers.get('x-ratelimit-remaining-requests')),
    resetMs: parseOpenAiDuration(headers.get('x-ratelimit-reset-requests')),
    retryAfterMs: retryAfterMs(headers, nowMs),
  };
}

/** anthropic-ratelimit-requests-{limit,remaining,reset} (reset is an RFC 3339 time). */
export function anthropicRateLimitInfo(headers: Headers | undefined, nowMs = Date.now()): RateLimitInfo {
  if (!headers) return {};
  const reset = headers.get('anthropic-ratelimit-requests-reset');
  const resetAt = reset ? Date.parse(reset) : NaN;
  return {
    limitPerMinute: positiveNumber(headers.get('anthropic-ratelimit-requests-limit')),
    remaining: positiveNumber(headers.get('anthropic-ratelimit-requests-remaining')),
    resetMs: Number.isNaN(resetAt) ? undefined : Math.max(0, resetAt - nowMs),
    retryAfterMs: retryAfterMs(headers, nowMs),
  };
}
