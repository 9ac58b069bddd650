/**
 * A fake Depop (Seller API) for tests, e2e and the simulation: in-process (`createFakeDepop`: a request handler and a
 * fetch that calls it, no port) or as a server (`startFakeDepop`, and alone from the command line). Every API request
 * is checked against Depop's OpenAPI document first (contract-check.ts): one that does not fit, or an unknown path,
 * answers 400 `bad-request` (no token: 401) and is recorded in `contractViolations`, which tests assert empty. Then the
 * token (a seller's API key, every scope; or an OAuth access token, its scopes: 401 `unauthorized` when unknown or
 * expired, 403 `insufficient_scope` for a scope the operation or a body field asks for), then Depop's rules.
 * - Sellers: each its own shop (GB in pounds or US in dollars), products and orders; a consent makes a new one.
 * - OAuth 2.0 with PKCE (fake-depop-oauth.ts): the consent page at /settings/oauth/apps/, the token endpoint.
 * - Products by SKU (fake-depop-products.ts, its rules fake-depop-product-rules.ts), orders, purchases and refunds
 *   (fake-depop-orders.ts), pricing inspiration (fake-depop-pricing.ts), the seller's details.
 * - Webhooks (fake-depop-webhooks.ts): `v1:order.new`, `v1:order.refund`, `v1:product.like` and `v1:product.unlike`,
 *   signed as Depop signs them, to the configured URL.
 * Control API (fake-depop-control.ts): GET /__control/state; POST /__control/{reset, config, fail, seller, like,
 * unlike, purchase, refund, seed-product, expire-access-tokens}.
 * Run alone: node --import tsx fakes/depop/depop-server.ts [--port 4186] [--client-id ...] [--client-secret ...]
 *   [--webhook-url ...] [--webhook-secret ...]
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { checkDepopRequest, findDepopOperation, missingScopes, MISSING_BEARER } from './contract-check';
import { depopError, exampleError, type Answer } from './fake-depop-answers';
import { control } from './fake-depop-control';
import { createFakeDepopOAuth, DEPOP_SCOPES } from './fake-depop-oauth';
import {
  defaultFees,
  getAllOrders,
  getOrderByPurchaseId,
  purchase,
  orderWebhookOut,
  refund,
  refundOrder,
  triggerPurchase,
} from './fake-depop-orders';
import { getPricingInspiration } from './fake-depop-pricing';
import {
  createOrUpdateProduct,
  createProduct,
  deleteProduct,
  getAllProducts,
  getProductBySku,
  markProductAsSold,
  patchProduct,
  seedProduct,
  submitOfferBySku,
} from './fake-depop-products';
import { FakeDepopState, type DepopCall, type FakeSeller } from './fake-depop-state';
import type { FakeDepop, FakeDepopOptions } from './fake-depop-types';
import { createWebhookSender } from './fake-depop-webhooks';

export type { FakeDepop, FakeDepopConfig, FakeDepopOptions } from './fake-depop-types';
import { parseMoney } from '../../src/shared/domain/money';
import { keepIdleConnections } from '../shared/keep-alive';

const CURRENCIES: Record<string, string> = { GB: 'GBP', US: 'USD' };

export function createFakeDepop(options: FakeDepopOptions = {}): FakeDepop {
  const url = (options.url ?? 'http://depop.fake').replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  let state = new FakeDepopState();
  // A state kept from an earlier run (the app's simulation): put back before the first request.
  if (options.saved !== undefined) state.restoreState(options.saved);
  let fees = options.fees ?? defaultFees;
  const label = options.label ? `<p role="status"><strong>${options.label.replace(/[&<>"']/g, '')}</strong></p>` : '';
  const oauthConfig = {
    clientId: options.clientId ?? 'fake-depop-client',
    clientSecret: options.clientSecret ?? 'fake-depop-client-secret',
    redirectUris: options.redirectUris,
    // GUIDES.md: the access token lives 1 hour, the refresh token 1 year; the code is short-lived.
    accessTokenLifetimeSeconds: 3600,
    refreshTokenLifetimeSeconds: 365 * 24 * 3600,
    codeLifetimeSeconds: 60,
    now,
  };
  const webhookConfig = { url: options.webhookUrl, secret: options.webhookSecret ?? 'fake-depop-webhook-secret' };
  const webhooks = createWebhookSender(webhookConfig, () => state.webhooks, { fetch: options.webhookFetch, now });

  function addSeller(seed: { username?: string; countryCode?: string; manualShippingAllowed?: boolean } = {}) {
    const countryCode = seed.countryCode ?? 'GB';
    const currency = CURRENCIES[countryCode];
    if (!currency) throw new Error(`Depop's sites are GB and US, not ${countryCode}`);
    const id = state.id();
    const seller: FakeSeller = {
      id,
      username: seed.username ?? `fake_seller_${id}`,
      countryCode,
      currency,
      manualShippingAllowed: seed.manualShippingAllowed ?? true,
    };
    state.sellers.set(id, seller);
    const apiKey = `dpk_${randomBytes(20).toString('hex')}`;
    state.apiKeys.set(apiKey, { sellerId: id, scopes: DEPOP_SCOPES, expiresAt: Number.POSITIVE_INFINITY });
    return { seller, apiKey };
  }

  const oauth = createFakeDepopOAuth(
    () => state,
    oauthConfig,
    (form) =>
      state.sellers.get(Number(form.get('seller_id'))) ??
      addSeller({ countryCode: form.get('country') ?? undefined, username: form.get('username') ?? undefined }).seller,
    label,
  );

  function takeFailure(operationId: string) {
    const failure = state.failures.find((f) => f.operationId === null || f.operationId === operationId);
    if (!failure) return null;
    failure.times -= 1;
    if (failure.times <= 0) state.failures.splice(state.failures.indexOf(failure), 1);
    return failure;
  }

  /** The token's grant; a known token past its end (or ended early by the control) is `expired`. */
  function grantOf(authorization: string | undefined) {
    const token = (authorization ?? '').replace(/^Bearer /, '');
    const grant = state.accessTokens.get(token) ?? state.apiKeys.get(token);
    if (!grant) return null;
    return grant.expiresAt > now() ? grant : ('expired' as const);
  }

  /** Operations answered before any seller is known (no Bearer token). */
  function withoutSeller(operationId: string, raw: Buffer): Answer | null {
    switch (operationId) {
      case 'exchangeToken':
        return oauth.token(new URLSearchParams(raw.toString('utf8')));
      default:
        return null;
    }
  }

  function serve(operationId: string, call: DepopCall): Answer {
    const { params, seller } = call;
    switch (operationId) {
      case 'createProduct':
        return createProduct(call);
      case 'createOrUpdateProduct':
        return createOrUpdateProduct(call);
      case 'patchProduct':
        return patchProduct(call);
      case 'getProductBySku':
        return getProductBySku(call);
      case 'deleteProduct':
        return deleteProduct(call);
      case 'markProductAsSold':
        return markProductAsSold(call);
      case 'submitOfferBySku':
        return submitOfferBySku(call);
      case 'getAllProducts':
        return getAllProducts(call);
      case 'triggerPurchaseBySku':
        return triggerPurchase(call, state.productBySku(seller.id, params.sku!), `sku: ${params.sku}`, fees);
      case 'triggerPurchaseById':
        return triggerPurchase(call, state.products.get(Number(params.productId)), `id: ${params.productId}`, fees);
      case 'getPricingInspiration':
        return getPricingInspiration(call);
      case 'getAllOrders':
        return getAllOrders(call);
      case 'getOrderByPurchaseId':
        return getOrderByPurchaseId(call);
      case 'refundOrder':
        return refundOrder(call);
      case 'getSellerDetails':
        return { status: 200, body: { id: seller.id, username: seller.username, country_code: seller.countryCode } };
      default:
        return depopError(501, 'not_implemented', `The fake Depop does not implement ${operationId}`);
    }
  }

  async function route(method: string, at: URL, headers: IncomingHttpHeaders, raw: Buffer): Promise<Answer> {
    if (at.pathname.startsWith('/__control/')) return control(fake, method, at.pathname, raw);
    if (method === 'GET' && at.pathname === '/favicon.ico') return { status: 204 };
    if (at.pathname === '/settings/oauth/apps/') {
      if (method === 'GET') return oauth.consentPage(at.searchParams);
      if (method === 'POST') return oauth.consentDecision(new URLSearchParams(raw.toString('utf8')));
    }
    const found = findDepopOperation(method, at.pathname);
    if (found.kind !== 'found') {
      const problems = [found.kind === 'wrong-method' ? `${method} not allowed (${found.allowed.join(', ')})` : 'unknown path'];
      state.contractViolations.push({ method, path: at.pathname, problems });
      return depopError(400, 'bad-request', `Contract: ${problems.join('; ')}`);
    }
    const { operation, params } = found;
    state.calls[operation.operationId] = (state.calls[operation.operationId] ?? 0) + 1;
    const problems = checkDepopRequest(operation, { headers, query: at.searchParams, rawBody: raw }, params);
    if (problems.length) {
      state.contractViolations.push({ method, path: at.pathname, problems });
      if (operation.operationId === 'exchangeToken') return exampleError('invalid_request', `Contract: ${problems.join('; ')}`);
      if (problems.includes(MISSING_BEARER)) return depopError(401, 'unauthorized', 'missing api key');
      return depopError(400, 'bad-request', `Contract: ${problems.join('; ')}`);
    }
    const failure = takeFailure(operation.operationId);
    if (failure) return depopError(failure.status, failure.code, failure.message);
    const unauthenticated = withoutSeller(operation.operationId, raw);
    if (unauthenticated) return unauthenticated;
    const granted = grantOf(headers.authorization);
    // The document's Unauthorized answer, in its words for a token past its end.
    if (granted === 'expired') return depopError(401, 'unauthorized', 'access token expired');
    const grant = granted;
    const seller = grant && state.sellers.get(grant.sellerId);
    if (!grant || !seller) return depopError(401, 'unauthorized', 'invalid api key');
    const body = (
      raw.length && (headers['content-type'] ?? '').startsWith('application/json') ? JSON.parse(raw.toString('utf8')) : {}
    ) as Record<string, unknown>;
    const missing = missingScopes(operation, grant.scopes, body);
    if (missing.length)
      return depopError(
        403,
        'insufficient_scope',
        `The request requires higher privileges than provided by the access token. Required scope: ${missing.join(', ')}`,
      );
    const call: DepopCall = {
      state,
      seller,
      scopes: grant.scopes,
      params,
      query: at.searchParams,
      body,
      pages: url,
      now,
      emit: webhooks.send,
    };
    return serve(operation.operationId, call);
  }

  /** Depop's answer as a Response: JSON, a page, a redirect, or a success with no content. */
  function responseOf(answer: Answer): Response {
    const headers = new Headers(answer.headers);
    if (answer.html !== undefined) headers.set('content-type', 'text/html; charset=utf-8');
    else if (answer.body !== undefined) headers.set('content-type', 'application/json');
    const content = answer.html ?? (answer.body === undefined ? null : JSON.stringify(answer.body));
    return new Response(answer.status === 204 ? null : content, { status: answer.status, headers });
  }

  async function answerOf(method: string, at: URL, headers: IncomingHttpHeaders, raw: Buffer): Promise<Answer> {
    try {
      return await route(method, at, headers, raw);
    } catch (err) {
      // The fake's own failure, not one of Depop's documented answers.
      return { status: 500, body: { id: 'fake', errors: [{ code: 'fake_depop_failed', message: String(err) }] } };
    }
  }

  async function handle(request: Request): Promise<Response> {
    const raw = Buffer.from(await request.arrayBuffer());
    const headers = Object.fromEntries(request.headers) as IncomingHttpHeaders;
    const response = responseOf(await answerOf(request.method, new URL(request.url), headers, raw));
    // A request that may change the state: the simulation saves it soon after (reads change nothing it keeps).
    if (request.method !== 'GET' && request.method !== 'HEAD') options.onChange?.();
    return response;
  }

  const sellerOf = (sellerId: number) => {
    const seller = state.sellers.get(sellerId);
    if (!seller) throw new Error(`no seller ${sellerId}`);
    return seller;
  };
  const productOf = (sellerId: number, sku: string) => {
    const product = state.productBySku(sellerOf(sellerId).id, sku);
    if (!product || product.status === 'STATUS_DELETED') throw new Error(`seller ${sellerId} has no product ${sku}`);
    return product;
  };

  const fake: FakeDepop = {
    url,
    clientId: oauthConfig.clientId,
    clientSecret: oauthConfig.clientSecret,
    get webhookSecret() {
      return webhookConfig.secret;
    },
    handle,
    fetch: (input, init) => handle(new Request(input, init)),
    get contractViolations() {
      return state.contractViolations;
    },
    get calls() {
      return state.calls;
    },
    snapshot: () => state.snapshot(),
    configure(config) {
      if (config.accessTokenLifetimeSeconds !== undefined) oauthConfig.accessTokenLifetimeSeconds = config.accessTokenLifetimeSeconds;
      if (config.codeLifetimeSeconds !== undefined) oauthConfig.codeLifetimeSeconds = config.codeLifetimeSeconds;
      if (config.webhookUrl !== undefined) webhookConfig.url = config.webhookUrl;
      if (config.webhookSecret !== undefined) webhookConfig.secret = config.webhookSecret;
      if (config.fees !== undefined) fees = config.fees;
    },
    failNext(failure) {
      state.failures.push({
        operationId: failure.operationId ?? null,
        status: failure.status,
        code: failure.code ?? 'injected',
        message: failure.message ?? `The fake Depop answers ${failure.status} on request`,
        times: failure.times ?? 1,
      });
    },
    addSeller,
    like(sellerId, sku, likerId, liked = true) {
      const product = productOf(sellerId, sku);
      if (liked) product.likers.add(likerId);
      else product.likers.delete(likerId);
      webhooks.send(liked ? 'v1:product.like' : 'v1:product.unlike', {
        seller_id: sellerId,
        product_id: product.productId,
        ...(product.sku === null ? {} : { sku: product.sku }),
        slug: product.slug,
        liker_id: likerId,
      });
    },
    purchase(sellerId, sku) {
      const product = productOf(sellerId, sku);
      if (product.status !== 'STATUS_ONSALE') throw new Error(`${sku} is not on sale (${product.status})`);
      const order = purchase(state, product, fees, now(), url);
      webhooks.send('v1:order.new', orderWebhookOut(order));
      return order;
    },
    refundByDepop(purchaseId) {
      const order = state.orders.find((candidate) => String(candidate.purchaseId) === purchaseId);
      if (!order) throw new Error(`no order ${purchaseId}`);
      if (order.refund) throw new Error(`order ${purchaseId} is already refunded`);
      refund({ emit: webhooks.send, now }, order, order.line.soldPrice, order.buyerShipping, 'DEPOP');
      return order;
    },
    seedProduct(sellerId, seed) {
      if (!parseMoney(seed.price, sellerOf(sellerId).currency)) throw new Error(`not a price: ${seed.price}`);
      return { productId: seedProduct(state, sellerOf(sellerId), now(), seed).productId };
    },
    expireAccessTokens(sellerId) {
      for (const token of state.accessTokens.values()) if (sellerId === undefined || token.sellerId === sellerId) token.expiresAt = 0;
    },
    revokeRefreshTokens(sellerId) {
      for (const [refresh, grant] of state.refreshTokens)
        if (sellerId === undefined || grant.sellerId === sellerId) state.refreshTokens.delete(refresh);
    },
    webhooksSettled: () => webhooks.settled(),
    reset() {
      state = new FakeDepopState();
    },
    persistentState: () => state.persistentState(),
  };
  return fake;
}

async function readBody(req: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The fake Depop as an HTTP server on a port (0: any free one): its handler, `close`, and `setLatency` (each Seller API
 * request answered that much later, as a marketplace far away does; its consent page and control API at once).
 */
export async function startFakeDepop(
  options: Omit<FakeDepopOptions, 'url'> & { port?: number; host?: string } = {},
): Promise<FakeDepop & { port: number; setLatency(ms: number): void; close(): Promise<void> }> {
  let fake: FakeDepop | null = null;
  let latencyMs = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      if (latencyMs && (req.url ?? '').startsWith('/api/')) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const response = await fake!.handle(
        new Request(`${fake!.url}${req.url ?? '/'}`, {
          method: req.method,
          headers: Object.entries(req.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])) as [
            string,
            string,
          ][],
          body: raw.length && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(raw) : undefined,
        }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake = createFakeDepop({ ...options, url: `http://127.0.0.1:${port}` });
  return Object.assign(fake, {
    port,
    setLatency: (ms: number) => {
      latencyMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const fake = await startFakeDepop({
    port: Number(arg('--port') ?? 4186),
    clientId: arg('--client-id'),
    clientSecret: arg('--client-secret'),
    webhookUrl: arg('--webhook-url'),
    webhookSecret: arg('--webhook-secret'),
  });
  const { seller, apiKey } = fake.addSeller({ username: 'fake_seller' });
  console.log(`fake Depop listening on ${fake.url} (client id ${fake.clientId}); seller ${seller.id}'s API key: ${apiKey}`);
}
