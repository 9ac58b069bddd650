/**
 * The transport of every eBay REST API client: openapi-fetch over the types generated from eBay's own documents
 * (generated/*.ts), so a call names a path of its document and takes its path parameters, query, headers and body, and
 * reads its answer, as that document types them. A path, a parameter or a body the document does not have fails to
 * compile, a misspelt optional parameter or body field beside a correct one too: the calls are openapi-fetch's,
 * their options checked against the document (../../documented-calls.ts). Each document's paths are relative to its
 * server's base path (`/offer/{offerId}` under /sell/inventory/v1).
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { documentedCalls, type DocumentedCalls } from '../../documented-calls';
import { EbayInvalidAnswerError, ebayErrorFromResponse, reachEbay } from './ebay-api-error';
import type { EbayApiContext } from './ebay-api-context';
import type { EbayHosts } from './ebay-hosts';

/** Sends one request built by openapi-fetch and answers eBay's 2xx answer, its body already read. */
export type EbayFetch = (request: Request) => Promise<Response>;

export interface EbayHttpOptions {
  fetch?: typeof fetch;
  /** Per-call time limit; eBay usually answers within a few seconds. */
  timeoutMs?: number;
}

/** Statuses whose answer has no body (a Response cannot be built with one). */
const NO_BODY = new Set([204, 205, 304]);

/**
 * Sends eBay REST calls: throws EbayApiError for any non-2xx answer and EbayUnreachableError for none at all (the
 * answer's body is read here, so one cut off midway is unreachable too, not a half-read answer).
 */
export function createEbayFetch(options: EbayHttpOptions = {}): EbayFetch {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async (request) => {
    // The body as bytes (JSON or a multipart form, its boundary in the request's Content-Type): a fetch that sends
    // the call again (paced-fetch after a 429) can send these again, which a Request's one-time stream cannot.
    const body = request.body ? await request.arrayBuffer() : undefined;
    return reachEbay(async () => {
      const answer = await doFetch(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!answer.ok) throw await ebayErrorFromResponse(answer);
      const text = await answer.text();
      return new Response(NO_BODY.has(answer.status) ? null : text, {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
      });
    });
  };
}

/**
 * A 2xx answer openapi-fetch would read as JSON (any non-empty body) must be JSON: else a clear error naming the
 * operation (its method and the document's path), not a bare SyntaxError from deep inside the client.
 */
const answersJson: Middleware = {
  async onResponse({ request, response, schemaPath, options }) {
    const text = await response.text();
    if (text) {
      try {
        JSON.parse(text);
      } catch {
        const operation = `${request.method} ${new URL(options.baseUrl).pathname}${schemaPath}`;
        throw new EbayInvalidAnswerError(operation, response.status, response.headers.get('content-type'), text);
      }
    }
    return new Response(NO_BODY.has(response.status) ? null : text, response);
  },
};

/**
 * Query strings as URLSearchParams writes them (what this client always sent; openapi-fetch's own differs in
 * spaces and a few reserved characters): eBay's filters ({a|b}, [x..y]) arrive as they did.
 */
function querySerializer(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(name, String(value));
  return search.toString();
}

/**
 * One eBay API, typed by its document's `paths`: `api(accessToken)` is the checked calls of an openapi-fetch client
 * of `hosts[host] + basePath` sending that bearer token (a user's or the application's).
 */
export function ebayApi<Paths extends object>(
  { fetch, hosts }: Pick<EbayApiContext, 'fetch' | 'hosts'>,
  host: keyof EbayHosts,
  basePath: string,
): (accessToken: string) => DocumentedCalls<Paths> {
  return (accessToken) => {
    const client = createClient<Paths>({
      baseUrl: hosts[host] + basePath,
      fetch,
      querySerializer,
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    client.use(answersJson);
    return documentedCalls(client);
  };
}

/** The answer of a call whose document promises one (a 2xx without a body is eBay's failure, said plainly). */
export function answered<T>(data: T | undefined, operation: string): T {
  if (data === undefined) throw new Error(`eBay answered ${operation} without a body`);
  return data;
}
