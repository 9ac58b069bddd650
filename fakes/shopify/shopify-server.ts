/**
 * A fake Shopify (Admin GraphQL API 2026-10) for tests. Every shop is a path: `${url}/${shop}` stands for
 * https://<shop> (pass `shopOrigin: fake.originOf` to the client), and any number of shops live at once.
 * - GET /{shop}/admin/oauth/authorize: the seller installs at once; back to redirect_uri with code, hmac, shop, state,
 *   timestamp (signed with the client secret as Shopify signs it).
 * - POST /{shop}/admin/oauth/access_token {client_id, client_secret, code}: an offline token for that shop.
 * - POST /{shop}/admin/api/2026-10/graphql.json: the X-Shopify-Access-Token of that shop; the request is validated
 *   against Shopify's schema and its variables (graphql-gate.ts; refused ones answer Shopify's `errors` shape and are
 *   recorded in `contractViolations`), priced against the shop's bucket (THROTTLED when spent), then run (fake-shop.ts).
 * `buy` makes an order and sends the signed orders/create webhook to every subscription of the shop.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execute } from 'graphql';
import { adminSchema, SHOPIFY_API_VERSION } from './admin-schema';
import { gateRequest, type ShopifyErrorEntry } from './graphql-gate';
import { continueIdsPast, FakeShop, type FakeOrder, type SavedShop } from './fake-shop';
import { highestCaptured, savedStateOf, type SavedFakeState } from '../shared/persistent-state';
import { keepIdleConnections } from '../shared/keep-alive';

/** The shape `persistentState()` answers; bumped when it changes (an older file is then set aside). */
const SAVED_SHOPIFY_SHAPE = 1;

interface SavedShopifyState extends SavedFakeState {
  clientSecret: string;
  shops: Map<string, SavedShop>;
  /** Offline access tokens by the shop they open. */
  tokens: Map<string, string>;
}

/**
 * "A single query to the API cannot exceed a cost of 1000. This limit is enforced before query execution begins, and
 * is therefore based on the requested cost of the query" (Shopify, GraphQL Admin API call limit:
 * help.shopify.com/en/api/graphql-admin-api/call-limit, read 2026-11-27), whatever the plan's bucket.
 */
const SINGLE_QUERY_MAX_COST = 1000;

const GRANTED = 'read_products,write_products,write_publications,write_inventory,read_orders';

export interface FakeShopify {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Where a shop's admin answers (the client's `shopOrigin`). */
  originOf(shop: string): string;
  shop(domain: string): FakeShop;
  /**
   * The stored document (the Admin GraphQL schema) shows the ORDERS_CREATE topic but no field of the orders/create
   * body (the REST Order of Shopify's webhook guide): in this mode a delivery is its headers and an empty object.
   */
  documentedFieldsOnly: boolean;
  /** The body of an order's orders/create delivery, in the current mode. */
  webhookBodyOf(domain: string, order: FakeOrder): string;
  readonly contractViolations: { operation: string | null; errors: ShopifyErrorEntry[] }[];
  /** THROTTLED answers given. */
  readonly throttled: number;
  /** Points spent per operation name, of the queries answered (benches see where a bucket went). */
  readonly pointsByOperation: ReadonlyMap<string, { calls: number; points: number }>;
  /** An order for the SKU in that shop, and each orders/create delivery's HTTP status (0: the address did not answer). */
  buy(domain: string, sale: { sku: string; quantity?: number; shipping?: string }): Promise<{ order: FakeOrder; deliveries: number[] }>;
  /** Every Admin API answer waits this long first (benches: a marketplace's round trip). */
  setLatency(ms: number): void;
  /** The merchant uninstalls the app: the shop's access tokens stop working (401, as Shopify answers them then). */
  uninstall(domain: string): void;
  /**
   * What the app's simulation keeps between runs (decision 188): the client secret its codes and webhooks are signed
   * with, the shops and their offline tokens; not the test records (contract violations, points spent).
   */
  persistentState(): unknown;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeShopify(
  options: {
    port?: number;
    clientId?: string;
    clientSecret?: string;
    /**
     * The app's allowed redirection URLs (its Partner Dashboard settings): an install naming another is refused, as
     * Shopify refuses a redirect_uri not whitelisted. Unset: any is taken (tests that register none).
     */
    redirectUris?: readonly string[];
    /** Webhooks carry only what the stored document shows: see FakeShopify.documentedFieldsOnly. */
    documentedFieldsOnly?: boolean;
    /** A `persistentState()` of an earlier run to start from (the app's simulation, decision 188). */
    saved?: unknown;
    /** Called after each request that may have changed the state (any but GET and HEAD): the simulation saves it. */
    onChange?: () => void;
  } = {},
): Promise<FakeShopify> {
  const schema = adminSchema();
  const saved = options.saved === undefined ? null : savedStateOf<SavedShopifyState>(options.saved, 'shopify', SAVED_SHOPIFY_SHAPE);
  // Ids made from now on come after every restored one (the counter is fake-shop.ts's own).
  if (saved) continueIdsPast(highestCaptured(saved.shops, /gid:\/\/shopify\/\w+\/(\d+)/));
  const clientId = options.clientId ?? 'fake-shopify-client-id';
  const clientSecret = saved?.clientSecret ?? options.clientSecret ?? `shpss_${randomBytes(16).toString('hex')}`;
  const shops = new Map<string, FakeShop>(saved ? [...saved.shops].map(([domain, shop]) => [domain, FakeShop.restore(shop)]) : []);
  const codes = new Map<string, string>();
  const tokens = new Map<string, string>(saved?.tokens ?? []);
  const contractViolations: FakeShopify['contractViolations'] = [];
  let throttled = 0;
  const pointsByOperation = new Map<string, { calls: number; points: number }>();
  let latencyMs = 0;
  const shopOf = (domain: string) => shops.get(domain) ?? shops.set(domain, new FakeShop(domain)).get(domain)!;

  function authorize(domain: string, query: URLSearchParams, res: ServerResponse) {
    if (query.get('client_id') !== clientId) return send(res, 400, { errors: 'Oauth error invalid_request: The client_id is invalid' });
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri) || (options.redirectUris && !options.redirectUris.includes(redirectUri.split('?')[0]!)))
      return send(res, 400, { errors: 'Oauth error invalid_request: The redirect_uri is missing or not whitelisted' });
    const redirect = new URL(redirectUri);
    const code = randomBytes(12).toString('hex');
    codes.set(code, domain);
    shopOf(domain);
    const back = new URLSearchParams({
      code,
      host: Buffer.from(`${domain}/admin`).toString('base64url'),
      shop: domain,
      state: query.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    back.set(
      'hmac',
      createHmac('sha256', clientSecret)
        .update(new URLSearchParams([...back].sort(([a], [b]) => a.localeCompare(b))).toString())
        .digest('hex'),
    );
    redirect.search = back.toString();
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  function accessToken(domain: string, raw: Buffer, res: ServerResponse) {
    const body = JSON.parse(raw.toString('utf8') || '{}') as { client_id?: string; client_secret?: string; code?: string };
    if (body.client_id !== clientId || body.client_secret !== clientSecret) return send(res, 400, { error: 'invalid_client' });
    if (!body.code || codes.get(body.code) !== domain)
      return send(res, 400, { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' });
    codes.delete(body.code);
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    tokens.set(token, domain);
    send(res, 200, { access_token: token, scope: GRANTED });
  }

  async function graphql(domain: string, req: IncomingMessage, raw: Buffer, res: ServerResponse) {
    const token = req.headers['x-shopify-access-token'];
    if (typeof token !== 'string' || tokens.get(token) !== domain)
      return send(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return send(res, 400, { errors: 'Invalid JSON in request body' });
    }
    const gated = gateRequest(schema, body);
    if (!gated.ok) {
      contractViolations.push({ operation: typeof body.operationName === 'string' ? body.operationName : null, errors: gated.errors });
      return send(res, 200, { errors: gated.errors });
    }
    const shop = shopOf(domain);
    const maxCost = Math.min(SINGLE_QUERY_MAX_COST, shop.bucket.maximumAvailable);
    if (gated.cost > maxCost)
      return send(res, 200, {
        errors: [
          {
            message: `Query cost is ${gated.cost}, which exceeds the single query max cost limit (${maxCost}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: gated.cost, maxCost },
          },
        ],
      });
    const { ok, throttleStatus } = shop.spend(gated.cost);
    if (!ok) {
      throttled++;
      return send(res, 200, {
        errors: [
          { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/limits#rate-limits' } },
        ],
        extensions: { cost: { requestedQueryCost: gated.cost, actualQueryCost: null, throttleStatus } },
      });
    }
    const spent = pointsByOperation.get(gated.operation.name?.value ?? '(anonymous)') ?? { calls: 0, points: 0 };
    pointsByOperation.set(gated.operation.name?.value ?? '(anonymous)', { calls: spent.calls + 1, points: spent.points + gated.cost });
    const result = await execute({
      schema,
      document: gated.document,
      operationName: gated.operation.name?.value,
      variableValues: gated.variables,
      rootValue: shop.root({ variables: gated.variables }),
    });
    send(res, 200, { ...result, extensions: { cost: { requestedQueryCost: gated.cost, actualQueryCost: gated.cost, throttleStatus } } });
  }

  /** One signed orders/create delivery, as Shopify sends it; its HTTP status, 0 when the address did not answer. */
  async function deliver(domain: string, uri: string, body: string): Promise<number> {
    try {
      const answer = await fetch(uri, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/create',
          'x-shopify-shop-domain': domain,
          'x-shopify-api-version': SHOPIFY_API_VERSION,
          'x-shopify-webhook-id': randomBytes(8).toString('hex'),
          'x-shopify-hmac-sha256': createHmac('sha256', clientSecret).update(body).digest('base64'),
        },
        body,
      });
      await answer.body?.cancel();
      return answer.status;
    } catch {
      return 0; // Shopify would retry; the pull still brings the order in
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, domain = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      const raw = await bodyOf(req);
      if (req.method === 'GET' && path === '/admin/oauth/authorize') return authorize(domain, url.searchParams, res);
      if (req.method === 'POST' && path === '/admin/oauth/access_token') return accessToken(domain, raw, res);
      if (req.method === 'POST' && path === `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`) {
        if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
        return await graphql(domain, req, raw, res);
      }
      send(res, 404, { errors: 'Not Found' });
    } catch (err) {
      send(res, 500, { errors: String(err) });
    }
  }
  const server = createServer((req, res) => {
    // A request that may change the state (the GraphQL reads are POSTs too): the simulation saves it soon after.
    if (req.method !== 'GET' && req.method !== 'HEAD') res.once('close', () => options.onChange?.());
    void route(req, res);
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeShopify = {
    url,
    clientId,
    clientSecret,
    originOf: (shop) => `${url}/${shop}`,
    shop: shopOf,
    contractViolations,
    get throttled() {
      return throttled;
    },
    pointsByOperation,
    documentedFieldsOnly: options.documentedFieldsOnly ?? false,
    webhookBodyOf(domain, order) {
      return fake.documentedFieldsOnly ? '{}' : shopOf(domain).webhookBody(order);
    },
    async buy(domain, sale) {
      const shop = shopOf(domain);
      const order = shop.buy(sale);
      const body = fake.webhookBodyOf(domain, order);
      const deliveries = await Promise.all(
        shop.webhooks.filter((w) => w.topic === 'ORDERS_CREATE').map((w) => deliver(domain, w.uri, body)),
      );
      return { order, deliveries };
    },
    setLatency: (ms) => (latencyMs = ms),
    uninstall: (domain) => {
      for (const [token, shop] of tokens) if (shop === domain) tokens.delete(token);
    },
    persistentState: (): SavedShopifyState => ({
      fake: 'shopify',
      shape: SAVED_SHOPIFY_SHAPE,
      clientSecret,
      shops: new Map([...shops].map(([domain, shop]) => [domain, shop.persistentState()])),
      tokens,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
