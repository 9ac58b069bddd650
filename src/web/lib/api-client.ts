import type { z } from 'zod';
import type { ApiErrorBody } from '@shared/errors';

export const networkErrorMessage = "Can't reach Resale Studio. Check your connection and try again.";

/** A failed API call: the server's code and message, or NETWORK when the request never got an answer. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** Every reason the server gave, when its message sums up several (a publish refused for readiness errors). */
  readonly errors: string[];

  constructor(code: string, message: string, status: number, errors: string[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.errors = errors;
  }

  /** Worth trying again as it is: no answer, or a gateway/unavailable answer. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** The one API client: same-origin JSON with the session cookie; every failure becomes an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('NETWORK', networkErrorMessage, 0);
  }
  const text = await response.text();
  const json = text ? safeJson(text) : undefined;
  if (!response.ok) throw toApiError(response.status, json);
  return json as T;
}

/** apiRequest whose answer is checked against the shared contract, so a server change fails loudly where it is read. */
export async function parsedRequest<T extends z.ZodType>(schema: T, path: string, options: RequestOptions = {}): Promise<z.infer<T>> {
  return schema.parse(await apiRequest<unknown>(path, options));
}

/**
 * The shared error shape (`apiErrorSchema` of @shared/errors), checked by hand: this client is on the sign-in page,
 * which stays small without zod.
 */
function isApiErrorBody(json: unknown): json is ApiErrorBody {
  const error = (json as { error?: { code?: unknown; message?: unknown } } | null | undefined)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.message === 'string';
}

export function toApiError(status: number, json: unknown): ApiError {
  if (isApiErrorBody(json)) {
    const errors = Array.isArray(json.error.errors) ? json.error.errors.filter((e): e is string => typeof e === 'string') : [];
    return new ApiError(json.error.code, json.error.message, status, errors);
  }
  const message = (json as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message) return new ApiError(`HTTP_${status}`, message, status);
  if (status === 502 || status === 503 || status === 504) return new ApiError('UNAVAILABLE', networkErrorMessage, status);
  return new ApiError(`HTTP_${status}`, `Request failed (${status})`, status);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
