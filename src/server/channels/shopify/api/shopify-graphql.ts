/**
 * One Admin GraphQL request with Shopify's rules: POST /admin/api/2026-10/graphql.json on the shop's own domain, the
 * `X-Shopify-Access-Token` header, and the cost bucket: a THROTTLED answer waits until the bucket holds the query's
 * requested cost again (extensions.cost.throttleStatus: available and restore rate) and sends it again. Each shop's
 * bucket is also kept on our side (`shopify-cost-pace.ts`), so a query waits for its cost before it is sent and
 * THROTTLED stays the exception.
 */
import { shopifyDocuments, type ShopifyOperations } from './generated/shopify-operations';
import { createCostPace, type CostPace, type ThrottleStatus } from './shopify-cost-pace';
import { ShopifyApiError, ShopifyGraphqlError, ShopifyUnreachableError, type ShopifyGraphqlErrorEntry } from './shopify-errors';

export const SHOPIFY_API_VERSION = '2026-10';

export interface ShopifySession {
  /** The shop's permanent domain, name.myshopify.com. */
  shop: string;
  accessToken: string;
}

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: ShopifyGraphqlErrorEntry[] | string;
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
}

export interface ShopifyTransportOptions {
  /** Where a shop's admin answers; default https://<shop> (tests: the fake's per-shop origin). */
  shopOrigin?: (shop: string) => string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** THROTTLED answers waited out before the error reaches the caller. */
  maxThrottleRetries?: number;
}

/** How long until the bucket holds `cost` again (at least a tenth of a second, so a retry is never immediate). */
export function throttleWaitMs(cost: number, status: ThrottleStatus | undefined): number {
  if (!status || status.restoreRate <= 0) return 1000;
  const missing = Math.max(0, cost - status.currentlyAvailable);
  return Math.max(100, Math.ceil((missing / status.restoreRate) * 1000));
}

const messageOf = (errors: GraphqlAnswer<unknown>['errors'], fallback: string) =>
  typeof errors === 'string' ? errors : (errors?.map((e) => e.message).join('; ') ?? fallback);

export function createShopifyTransport(options: ShopifyTransportOptions = {}) {
  const originOf = options.shopOrigin ?? ((shop: string) => `https://${shop}`);
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxThrottleRetries ?? 5;
  let throttled = 0;
  /** One bucket a shop (Shopify keeps one per app and store), shared by every worker of the process. */
  const paces = new Map<string, CostPace>();
  const paceOf = (shop: string) => {
    let pace = paces.get(shop);
    if (!pace) paces.set(shop, (pace = createCostPace({ sleep })));
    return pace;
  };
  /** The requested cost Shopify last answered for each operation: what its next send takes from the bucket. */
  const costs = new Map<string, number>();

  async function post<T>(session: ShopifySession, body: string): Promise<{ status: number; answer: GraphqlAnswer<T> }> {
    let response: Response;
    try {
      response = await doFetch(`${originOf(session.shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': session.accessToken },
        body,
      });
    } catch (err) {
      throw new ShopifyUnreachableError(err);
    }
    const text = await response.text();
    let answer: GraphqlAnswer<T>;
    try {
      answer = JSON.parse(text) as GraphqlAnswer<T>;
    } catch {
      throw new ShopifyApiError(response.status, text.slice(0, 500) || response.statusText);
    }
    if (!response.ok) throw new ShopifyApiError(response.status, messageOf(answer.errors, response.statusText));
    return { status: response.status, answer };
  }

  return {
    /** THROTTLED answers this transport waited out (tests and the bench read it). */
    get throttledRetries() {
      return throttled;
    },
    async request<Name extends keyof ShopifyOperations>(
      session: ShopifySession,
      name: Name,
      variables: ShopifyOperations[Name]['variables'],
    ): Promise<ShopifyOperations[Name]['result']> {
      const body = JSON.stringify({ query: shopifyDocuments[name], operationName: name, variables });
      const pace = paceOf(session.shop);
      for (let attempt = 0; ; attempt++) {
        const ticket = await pace.take(costs.get(name) ?? 0);
        const { answer } = await post<ShopifyOperations[Name]['result']>(session, body).catch((err: unknown) => {
          pace.unanswered(ticket);
          throw err;
        });
        const cost = answer.extensions?.cost;
        if (typeof cost?.requestedQueryCost === 'number') costs.set(name, cost.requestedQueryCost);
        pace.observe(cost?.throttleStatus, ticket);
        const errors = typeof answer.errors === 'string' ? [{ message: answer.errors }] : (answer.errors ?? []);
        if (!errors.length && answer.data) return answer.data;
        const error = new ShopifyGraphqlError(errors.length ? errors : [{ message: 'no data' }]);
        if (!error.throttled || attempt >= maxRetries) throw error;
        throttled++;
        // The pace waits for the cost on the next turn; without a status (none to go by), the old wait.
        if (!cost?.throttleStatus) await sleep(throttleWaitMs(cost?.requestedQueryCost ?? 0, undefined));
      }
    },
  };
}

export type ShopifyTransport = ReturnType<typeof createShopifyTransport>;
