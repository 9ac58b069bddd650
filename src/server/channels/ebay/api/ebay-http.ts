import { ebayErrorFromResponse, reachEbay } from './ebay-api-error';

/** One call to an eBay REST API with a bearer token. */
export interface EbayRequest {
  baseUrl: string;
  /** The path under baseUrl, already encoded (see ebayPath). */
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  accessToken: string;
  query?: Record<string, string | number | undefined>;
  /** A JSON body, sent with Content-Type: application/json. */
  json?: unknown;
  /** A multipart body (the Media API's image upload). */
  form?: FormData;
  /** Content-Language, which the Inventory API's writes require (en-US). */
  contentLanguage?: string;
  headers?: Record<string, string>;
}

export interface EbayResponse<T> {
  status: number;
  /** The parsed JSON body; undefined for 204 and empty answers. */
  body: T;
  headers: Headers;
}

export type EbayHttp = <T>(request: EbayRequest) => Promise<EbayResponse<T>>;

export interface EbayHttpOptions {
  fetch?: typeof fetch;
  /** Per-call time limit; eBay usually answers within a few seconds. */
  timeoutMs?: number;
}

/** Joins path segments, encoding each value (a SKU may hold characters a path cannot). */
export function ebayPath(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((path, part, i) => path + part + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '');
}

/** Sends eBay REST calls; throws EbayApiError for any non-2xx answer and EbayUnreachableError for none at all. */
export function createEbayHttp(options: EbayHttpOptions = {}): EbayHttp {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async <T>(request: EbayRequest): Promise<EbayResponse<T>> => {
    const url = new URL(request.baseUrl + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      authorization: `Bearer ${request.accessToken}`,
      accept: 'application/json',
      ...request.headers,
    };
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    if (request.contentLanguage) headers['content-language'] = request.contentLanguage;
    const { response, text } = await reachEbay(async () => {
      const answer = await doFetch(url, {
        method: request.method,
        headers,
        body: request.form ?? (request.json === undefined ? undefined : JSON.stringify(request.json)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!answer.ok) throw await ebayErrorFromResponse(answer);
      return { response: answer, text: await answer.text() };
    });
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
  };
}
