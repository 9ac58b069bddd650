import type { LightMyRequestResponse } from 'fastify';
import { createWorkerPool, type WorkerPool } from '../../jobs/worker-pool';
import { drain, silentLog } from '../listings';
import { createTestApp, type TestApp, type TestUser } from '../test-app';

/** One price a simulated marketplace received over the wire from the app: what it was asked to show buyers. */
export interface SentPrice {
  channel: 'ebay' | 'etsy' | 'shopify';
  /** The request's path, for the failure's report. */
  path: string;
  amount: string;
  currency: string | null;
  /** The marketplace's key the price is for (eBay's SKU, Etsy's listing id, Shopify's SKU), when the request names it. */
  key: string | null;
}

/**
 * The real server, built by the composition root (createTestApp), with the simulated eBay, Etsy and Shopify running
 * in it, a worker pool the simulator runs by hand (deterministic: due jobs run when a step says so), and every request
 * the app makes to a simulated marketplace recorded at the wire (global fetch, wrapped before the app is built, so
 * every client holds the wrapper).
 */
export interface World {
  t: TestApp;
  pool: WorkerPool;
  api(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Runs due jobs until none is left. */
  settle(): Promise<void>;
  /** The prices the marketplaces received since the last call. */
  takeSentPrices(): SentPrice[];
  close(): Promise<void>;
}

const originalFetch = globalThis.fetch;
type ShopifyProduct = { id?: string; variants?: { nodes?: { sku?: string }[] } };

export async function createWorld(): Promise<World> {
  const wire: { url: string; method: string; body: string }[] = [];
  /** eBay's offer ids and the SKU each was made for (createOffer's answer): updateOffer names only the offer. */
  const offerSkus = new Map<string, string>();
  let marketOrigins: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const text = bodyText(init?.body);
    const market = marketOrigins.some((origin) => url.startsWith(origin)) && text !== null;
    if (market) wire.push({ url, method: init?.method ?? 'GET', body: text });
    const answer = await originalFetch(input, init);
    if (market && /\/sell\/inventory\/v1\/offer$/.test(new URL(url).pathname) && answer.ok) {
      const { offerId } = (await answer.clone().json()) as { offerId?: string };
      const { sku } = JSON.parse(text) as { sku?: string };
      if (offerId && sku) offerSkus.set(offerId, sku);
    }
    if (market && url.endsWith('/graphql.json') && answer.ok) {
      const product = ((await answer.clone().json()) as { data?: { productSet?: { product?: ShopifyProduct } } }).data?.productSet?.product;
      const sku = product?.variants?.nodes?.[0]?.sku;
      if (product?.id && sku) offerSkus.set(product.id, sku);
    }
    return answer;
  }) as typeof fetch;
  const t = await createTestApp({
    EBAY_SIMULATION: 'auto',
    ETSY_SIMULATION: 'auto',
    SHOPIFY_SIMULATION: 'auto',
    DEPOP_SIMULATION: 'auto',
    // The simulated Etsy has no rate limit; paced at Etsy's 10 calls a second, connecting a seller alone took 0.5 s of
    // a sequence's 3 s. The simulator checks what the app sends, not its pace (paced-fetch.test.ts does).
    ETSY_CALLS_PER_SECOND: '1000',
  });
  const setups = t.deps.channelSetups;
  const ebayApi = setups.ebay.simulation!.hosts.api;
  const etsyApi = setups.etsy.simulation!.apiBase;
  const shopifyApi = setups.shopify.simulation!.shopOrigin('x').replace(/\/+$/, '');
  marketOrigins = [ebayApi, etsyApi, new URL(shopifyApi).origin];
  const pool = createWorkerPool({ db: t.deps.database.db, registry: t.deps.services.jobs, log: silentLog, concurrency: 1 });
  return {
    t,
    pool,
    api: (user, method, url, payload) =>
      t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) }),
    async settle() {
      for (let round = 0; round < 10; round++) if ((await drain(pool, 200)) === 0) return;
    },
    takeSentPrices() {
      const sent = wire.splice(0).flatMap((call) => pricesIn(call, { ebayApi, etsyApi }, offerSkus));
      return sent;
    },
    async close() {
      await t.close();
      globalThis.fetch = originalFetch;
    },
  };
}

/**
 * A request's body as text, whatever the client sent it as: a string (Shopify's GraphQL), bytes (eBay's and Etsy's
 * clients send a buffered body they can send again after a token refresh), or a form. Null without one (a GET, a
 * photo's multipart upload).
 */
function bodyText(body: BodyInit | null | undefined): string | null {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new TextDecoder().decode(body);
  if (ArrayBuffer.isView(body)) return new TextDecoder().decode(body);
  return null;
}

/** The prices in one request to a marketplace, read the way each marketplace's documented request carries them. */
function pricesIn(
  call: { url: string; method: string; body: string },
  hosts: { ebayApi: string; etsyApi: string },
  offerSkus: Map<string, string>,
): SentPrice[] {
  const path = new URL(call.url).pathname;
  const channel = call.url.startsWith(hosts.ebayApi) ? 'ebay' : call.url.startsWith(hosts.etsyApi) ? 'etsy' : 'shopify';
  let body: unknown;
  try {
    body = JSON.parse(call.body);
  } catch {
    body = Object.fromEntries(new URLSearchParams(call.body));
  }
  const found: SentPrice[] = [];
  const walk = (node: unknown, key: string | null) => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child, key));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const inventorySku = (record.inventoryItem as { sku?: unknown } | undefined)?.sku;
    const own =
      typeof record.sku === 'string'
        ? record.sku
        : typeof inventorySku === 'string'
          ? inventorySku
          : typeof record.offerId === 'string'
            ? (offerSkus.get(record.offerId) ?? key)
            : typeof record.productId === 'string'
              ? (offerSkus.get(record.productId) ?? key)
              : key;
    for (const [name, value] of Object.entries(record)) {
      if (name === 'price' && value && typeof value === 'object' && 'value' in value)
        found.push({
          channel,
          path,
          amount: String((value as { value: unknown }).value),
          currency: String((value as { currency?: unknown }).currency ?? null),
          key: own,
        });
      else if (name === 'price' && (typeof value === 'string' || typeof value === 'number'))
        found.push({ channel, path, amount: String(value), currency: null, key: own });
      else if (name === 'price' && value && typeof value === 'object' && 'amount' in value)
        found.push({
          channel,
          path,
          amount: String((value as { amount: unknown }).amount),
          currency: String((value as { currency_code?: unknown }).currency_code ?? null),
          key: own,
        });
      else walk(value, own);
    }
  };
  // Etsy names the listing in the path (updateListing, updateListingInventory); a body's SKU is more exact still.
  const listing =
    channel === 'etsy'
      ? (/\/listings\/(\d+)/.exec(path)?.[1] ?? null)
      : channel === 'ebay'
        ? (offerSkus.get(/\/offer\/([^/]+)$/.exec(path)?.[1] ?? '') ?? null)
        : null;
  walk(body, null);
  if (process.env.SIM_WIRE_DEBUG) console.log(channel, path, call.body.slice(0, 600));
  return found.map((sent) => ({ ...sent, key: sent.key ?? listing }));
}
