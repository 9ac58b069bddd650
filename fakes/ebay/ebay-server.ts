/**
 * A fake eBay for tests, e2e and the benchmark, following eBay's documented REST APIs. One port serves every host (api, apiz,
 * apim, auth). Each API request is checked against eBay's OpenAPI contracts first: one that does not fit answers 400
 * in eBay's error shape and is recorded in `contractViolations`, which tests assert empty.
 * Run alone: node --import tsx fakes/ebay/ebay-server.ts [--port 4790] [--callback http://127.0.0.1:4173/ebay-callback]
 *   [--client-id ...] [--client-secret ...] [--ru-name ...] [--latency 200] [--calls-per-second 20]
 * The consent page and a listing's view (/itm/{listingId}) are what a browser opens; `browserPage` serves them to a
 * server that shows them under its own address (the app's simulated eBay, src/server/channels/ebay/api/simulated-ebay.ts).
 * Control API for e2e (the in-process handle offers the same): GET /__control/state (offers with their details,
 * listings with their status and revisions); POST /__control/{reset,
 * fail, fail-publish, rate-limit (each with sellerUserId? to fail that seller's calls only), add-seller {userId, username, address?}, seed-inventory-item {sellerUserId, sku, item}, seed-listings {sellerUserId?,
 * inventory, siteMade, auctions, withoutSku, photos} (fake-ebay-import.ts; answers the ids), sell {sku, sellerUserId?,
 * quantity?, price?, shipping?} (answers the order), cancel-order {orderId},
 * watch {listingId, buyers}, traffic {listingId, views, impressions} (fake-ebay-analytics.ts), accept-seller-offer {offerId} (answers the order), expire-seller-offers (fake-ebay-negotiation.ts),
 * add-orders {sellerUserId?, orders: [{sku, title?, price?, shipping?, daysAgo, fees?}]} (past orders; answers their ids),
 * set-fees {orderId, fees?: string[] (each line's; eBay's usual share by default)}, expire-access-tokens {userId?},
 * revoke-refresh-tokens, comparables {q?, byImage?, listings} (what Browse answers; fake-ebay-browse.ts), config {latencyMs, accessTokenLifetimeSeconds, callbackUrl, requireOptIn, callsPerSecond}}.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { checkRequestAgainstContract, findOperation } from './contract-check';
import type { ContractOperation } from './contract-operation';
import { accountHandlers } from './fake-ebay-account';
import { browseHandlers } from './fake-ebay-browse';
import type { ApiHandler } from './fake-ebay-api-call';
import {
  contractViolation,
  ebayError,
  insufficientPermissions,
  invalidAccessToken,
  publishFailures,
  rateLimited,
  type FakeAnswer,
  type PublishFailureKind,
} from './fake-ebay-errors';
import { importHandlers, pictureAnswer, seedLiveListings } from './fake-ebay-import';
import { financesHandlers } from './fake-ebay-finances';
import { inventoryHandlers } from './fake-ebay-inventory';
import { buyListing, listingPage, listingPhoto } from './fake-ebay-listing-page';
import { cancelSellerOrder, sellerOrderPage } from './fake-ebay-order-page';
import { consentDecision, consentPage, tokenEndpoint, tokenRequestProblems } from './fake-ebay-oauth';
import { analyticsHandlers } from './fake-ebay-analytics';
import { acceptSellerOffer, negotiationHandlers } from './fake-ebay-negotiation';
import { offerHandlers } from './fake-ebay-offers';
import { notificationHandlers } from './fake-ebay-notifications';
import { orderHandlers } from './fake-ebay-orders';
import { serviceHandlers } from './fake-ebay-services';
import { FakeEbayState, newNumericId, type FakeEbayOptions, type FakeSeller, type IssuedToken } from './fake-ebay-state';
import { keepIdleConnections } from '../shared/keep-alive';

const handlers: Record<string, ApiHandler> = {
  ...accountHandlers,
  ...inventoryHandlers,
  ...importHandlers,
  ...offerHandlers,
  ...orderHandlers,
  ...financesHandlers,
  ...serviceHandlers,
  ...browseHandlers,
  ...notificationHandlers,
  ...negotiationHandlers,
  ...analyticsHandlers,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, answer: FakeAnswer) {
  const isText = typeof answer.body === 'string' || Buffer.isBuffer(answer.body);
  const headers: Record<string, string> = {
    ...(answer.body === undefined ? {} : { 'content-type': isText ? 'text/html; charset=utf-8' : 'application/json' }),
    ...answer.headers,
  };
  res.writeHead(answer.status, headers);
  res.end(answer.body === undefined ? undefined : isText ? (answer.body as string | Buffer) : JSON.stringify(answer.body));
}

/** Whether the token is of a kind (user or application) and scope the operation's contract accepts. */
function tokenFits(operation: ContractOperation, token: IssuedToken): boolean {
  const flow = token.kind === 'user' ? 'authorizationCode' : 'clientCredentials';
  return operation.security.some((s) => s.flows.includes(flow) && s.scopes.some((scope) => token.scopes.includes(scope)));
}

export interface FakeEbay {
  /** Base URL for every eBay host (api, apiz, apim, auth). */
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  ruName: string;
  /** Everything the fake holds; tests may read and change it directly. */
  state: FakeEbayState;
  /** Requests that did not fit eBay's contracts (tests assert this is empty). */
  readonly contractViolations: FakeEbayState['contractViolations'];
  snapshot(): ReturnType<FakeEbayState['snapshot']>;
  /** The next `times` publishes (of one seller, when given) fail as eBay would for this reason. */
  failPublish(kind: PublishFailureKind, times?: number, sellerUserId?: string | null): void;
  /** The next `times` calls of an operation (any when null) fail with this eBay error. */
  failNext(
    operationId: string | null,
    failure: { status: number; errorId: number; message: string; parameters?: { name: string; value: string }[] },
    times?: number,
    sellerUserId?: string | null,
  ): void;
  /** The next `times` calls (of an operation, or any) answer 429 with Retry-After. */
  rateLimitNext(times?: number, retryAfterSeconds?: number, operationId?: string | null, sellerUserId?: string | null): void;
  /** Ends the user tokens (of one member, or all) before their time: calls answer 401 errorId 1001 "Invalid access token". */
  expireAccessTokens(userId?: string): void;
  /** The X-EBAY-SIGNATURE header for a notification body, signed with the key getPublicKey serves. */
  signNotification(body: string): string;
  revokeRefreshTokens(userId?: string): void;
  setLatency(ms: number): void;
  setAccessTokenLifetime(seconds: number): void;
  setCallbackUrl(url: string): void;
  reset(): void;
  /**
   * The pages a seller's browser opens (consent, its answer, a listing's view), for a server that shows them under
   * its own address (the app's simulated eBay); null for any other path. `pathAndQuery` is relative to the fake.
   * `signedInAs`: the eBay user signed in on this browser (made on first use): the consent grants that account
   * only, so each of the server's sellers has an eBay account of their own.
   */
  browserPage(method: string, pathAndQuery: string, formBody?: string, signedInAs?: FakeSeller): FakeAnswer | null;
  close(): Promise<void>;
}

/**
 * The pages a browser opens, apart from the API: GET /oauth2/authorize, POST /oauth2/consent, GET /itm/{listingId},
 * GET /itm/{listingId}/photos/{n}, POST /itm/{listingId}/buy, the seller's GET /sh/ord/details?orderid= and POST /sh/ord/cancel (and the icon a browser
 * asks for beside them).
 */
function browserPage(state: FakeEbayState, method: string, url: URL, body: string, signedInAs?: FakeSeller): FakeAnswer | null {
  if (signedInAs && !state.sellers.some((seller) => seller.userId === signedInAs.userId)) state.sellers.push(signedInAs);
  if (method === 'GET' && url.pathname === '/oauth2/authorize') return consentPage(state, url.searchParams, signedInAs);
  if (method === 'POST' && url.pathname === '/oauth2/consent') return consentDecision(state, new URLSearchParams(body), signedInAs);
  const listing = /^\/itm\/([^/]+)$/.exec(url.pathname);
  if ((method === 'GET' || method === 'HEAD') && listing) return listingPage(state, decodeURIComponent(listing[1]!));
  const photo = /^\/itm\/([^/]+)\/photos\/(\d{1,2})$/.exec(url.pathname);
  if ((method === 'GET' || method === 'HEAD') && photo) return listingPhoto(state, decodeURIComponent(photo[1]!), Number(photo[2]));
  const buy = /^\/itm\/([^/]+)\/buy$/.exec(url.pathname);
  if (method === 'POST' && buy) return buyListing(state, decodeURIComponent(buy[1]!), signedInAs);
  if ((method === 'GET' || method === 'HEAD') && url.pathname === '/sh/ord/details')
    return sellerOrderPage(state, url.searchParams.get('orderid') ?? '', signedInAs);
  if (method === 'POST' && url.pathname === '/sh/ord/cancel') return cancelSellerOrder(state, new URLSearchParams(body), signedInAs);
  // A browser showing one of these pages asks for the site's icon: not an API call, so not a contract violation.
  if ((method === 'GET' || method === 'HEAD') && url.pathname === '/favicon.ico') return { status: 404, body: { error: 'no icon' } };
  return null;
}

async function handleControl(action: string, req: IncomingMessage, body: Buffer, fake: FakeEbay): Promise<FakeAnswer> {
  if (req.method === 'GET' && action === 'state') return { status: 200, body: fake.snapshot() };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const input: any = body.length ? JSON.parse(body.toString('utf8')) : {};
  switch (action) {
    case 'reset':
      fake.reset();
      break;
    case 'fail':
      fake.failNext(input.operationId ?? null, input, input.times ?? 1, input.sellerUserId ?? null);
      break;
    case 'fail-publish':
      if (!(input.kind in publishFailures))
        return { status: 400, body: { error: `kind must be one of ${Object.keys(publishFailures).join(', ')}` } };
      fake.failPublish(input.kind, input.times ?? 1, input.sellerUserId ?? null);
      break;
    case 'rate-limit':
      fake.rateLimitNext(input.times ?? 1, input.retryAfterSeconds ?? 1, input.operationId ?? null, input.sellerUserId ?? null);
      break;
    case 'expire-access-tokens':
      fake.expireAccessTokens(input.userId);
      break;
    case 'add-seller':
      if (!input.userId || !input.username) return { status: 400, body: { error: 'userId and username are required' } };
      // address: the member's registration address (its country sets the marketplace getUser answers).
      fake.state.sellers.push({ userId: input.userId, username: input.username, ...(input.address ? { address: input.address } : {}) });
      break;
    case 'add-policy': {
      // A business policy the seller made on eBay's own site (a calculated-shipping one, say): {sellerUserId?, kind, policy}.
      const kinds = { fulfillment: 'fulfillmentPolicyId', payment: 'paymentPolicyId', return: 'returnPolicyId' } as const;
      const kind = input.kind as keyof typeof kinds;
      if (!(kind in kinds) || !input.policy?.name)
        return { status: 400, body: { error: 'kind (fulfillment, payment, return) and policy.name are required' } };
      const id = newNumericId(11);
      fake.state.seller(input.sellerUserId ?? fake.state.sellers[0]!.userId).policies[kind].set(id, { ...input.policy, [kinds[kind]]: id });
      return { status: 200, body: { id } };
    }
    case 'seed-inventory-item':
      // An item the seller's eBay account already holds, made elsewhere (eBay's site, another tool).
      if (!input.sku) return { status: 400, body: { error: 'sku is required' } };
      fake.state.seedInventoryItem(input.sellerUserId ?? fake.state.sellers[0]!.userId, input.sku, input.item ?? {});
      break;
    case 'seed-listings':
      // Live listings the seller already has: {sellerUserId?, inventory, siteMade, auctions, withoutSku, photos}.
      return { status: 200, body: seedLiveListings(fake.state, fake.url, input) };
    case 'sell':
      // A buyer buys the live listing of a published SKU: {sku, sellerUserId?, quantity?, price?, shipping?}.
      if (!input.sku) return { status: 400, body: { error: 'sku is required' } };
      try {
        return { status: 200, body: fake.state.sell(input.sku, input) };
      } catch (error) {
        return { status: 404, body: { error: (error as Error).message } };
      }
    case 'watch':
      // Interested buyers on a live listing: {listingId, buyers: string[]} (the Negotiation API finds it eligible).
      if (!input.listingId || !Array.isArray(input.buyers) || !input.buyers.length)
        return { status: 400, body: { error: 'listingId and buyers are required' } };
      fake.state.negotiation.watch(String(input.listingId), input.buyers.map(String));
      break;
    case 'traffic':
      // A listing's traffic for the Analytics API's report: {listingId, views, impressions}.
      if (!input.listingId || !Number.isInteger(input.views) || !Number.isInteger(input.impressions))
        return { status: 400, body: { error: 'listingId, views and impressions are required' } };
      fake.state.traffic.set(String(input.listingId), { views: input.views, impressions: input.impressions });
      break;
    case 'accept-seller-offer':
      // A watcher accepts the seller's offer {offerId}: answers the order, at the offer's price.
      try {
        return { status: 200, body: acceptSellerOffer(fake.state, String(input.offerId)) };
      } catch (error) {
        return { status: 409, body: { error: (error as Error).message } };
      }
    case 'expire-seller-offers':
      // The offers' 2 days pass: the listings may be offered again.
      fake.state.negotiation.expireAll();
      break;
    case 'add-orders': {
      // Past orders of the seller's (any SKU, live or not): {sellerUserId?, orders: [{sku, title?, price?, shipping?,
      // daysAgo, fees?}]}; `fees`: eBay's usual fees charged on it (its SALE transaction). Answers the order ids.
      if (!Array.isArray(input.orders) || input.orders.some((o: { sku?: unknown }) => typeof o?.sku !== 'string'))
        return { status: 400, body: { error: 'orders must be a list of {sku, daysAgo, ...}' } };
      const seller = input.sellerUserId ?? fake.state.sellers[0]!.userId;
      const orderIds = input.orders.map(
        (o: { sku: string; title?: string; price?: string; shipping?: string; daysAgo?: number; fees?: boolean }) => {
          const order = fake.state.addOrder(seller, [{ sku: o.sku, title: o.title, price: o.price, shipping: o.shipping }], {
            at: Date.now() - (o.daysAgo ?? 0) * 86_400_000,
            fulfillmentStatus: 'FULFILLED',
          });
          if (o.fees) fake.state.setOrderFees(order.orderId);
          return order.orderId;
        },
      );
      return { status: 200, body: { orderIds } };
    }
    case 'set-fees':
      if (!fake.state.orders.has(input.orderId)) return { status: 404, body: { error: `no order ${input.orderId}` } };
      fake.state.setOrderFees(input.orderId, input.fees);
      break;
    case 'cancel-order':
      if (!fake.state.orders.has(input.orderId)) return { status: 404, body: { error: `no order ${input.orderId}` } };
      fake.state.cancelOrder(input.orderId);
      break;
    case 'comparables':
      // What Browse answers: {q?, byImage?, listings: [{itemId?, title?, price, shipping?, condition?, conditionId?}]}.
      if (!Array.isArray(input.listings) || input.listings.some((l: { price?: unknown }) => typeof l?.price !== 'number'))
        return { status: 400, body: { error: 'listings must be a list of {price, ...}' } };
      fake.state.browse.set(input);
      break;
    case 'sign-notification':
      return { status: 200, body: { signature: fake.signNotification(String(input.body ?? '')) } };
    case 'revoke-refresh-tokens':
      fake.revokeRefreshTokens(input.userId);
      break;
    case 'config':
      if (input.latencyMs !== undefined) fake.setLatency(input.latencyMs);
      if (input.accessTokenLifetimeSeconds !== undefined) fake.setAccessTokenLifetime(input.accessTokenLifetimeSeconds);
      if (input.callbackUrl !== undefined) fake.setCallbackUrl(input.callbackUrl);
      if (input.requireOptIn !== undefined) fake.state.requireOptIn = Boolean(input.requireOptIn);
      if (input.callsPerSecond !== undefined) fake.state.callsPerSecond = input.callsPerSecond ?? undefined;
      break;
    default:
      return { status: 404, body: { error: `unknown control action ${action}` } };
  }
  return { status: 200, body: { ok: true } };
}

async function handleApi(req: IncomingMessage, url: URL, rawBody: Buffer, state: FakeEbayState, origin: string): Promise<FakeAnswer> {
  const method = req.method ?? 'GET';
  const match = findOperation(method, url.pathname);
  const violation = (operationId: string | null, problems: string[]) =>
    state.contractViolations.push({ at: Date.now(), method, path: url.pathname + url.search, operationId, problems });
  if (match.kind === 'unknown-path') {
    violation(null, [`${method} ${url.pathname} is not in eBay's contracts`]);
    return ebayError(404, 2002, 'Resource not found', { domain: 'FAKE_CONTRACT' });
  }
  if (match.kind === 'wrong-method') {
    violation(null, [`${method} is not allowed on ${url.pathname} (contract: ${match.allowed.join(', ')})`]);
    return ebayError(405, 2002, 'Method not allowed', { domain: 'FAKE_CONTRACT' });
  }
  const { operation, params } = match;
  const problems = checkRequestAgainstContract(operation, { headers: req.headers, query: url.searchParams, rawBody });
  if (problems.length) {
    violation(operation.operationId, problems);
    // The Negotiation API words a missing mandatory header itself (150001); it is still recorded as a violation.
    if (operation.api === 'negotiation' && problems.every((p) => p.startsWith('missing required header')))
      return ebayError(400, 150001, 'Mandatory headers are missing.', { domain: 'API_NEGOTIATION' });
    return contractViolation(problems);
  }
  if (state.latencyMs) await sleep(state.latencyMs);
  if (!state.takeCallSlot()) return rateLimited(1);
  const token = state.validAccessToken((req.headers.authorization ?? '').replace(/^Bearer /, ''));
  const injected = state.takeFailure(operation.operationId, token?.userId ?? null);
  if (injected) return injected;
  if (!token) return invalidAccessToken();
  if (!tokenFits(operation, token)) {
    violation(operation.operationId, [`a ${token.kind} token with scopes ${token.scopes.join(' ')} does not fit the operation's security`]);
    return insufficientPermissions();
  }
  const handler = handlers[operation.operationId];
  if (!handler) return ebayError(501, 2000, `The fake eBay does not implement ${operation.operationId}`, { domain: 'FAKE' });
  const json = operation.bodyShape && rawBody.length ? JSON.parse(rawBody.toString('utf8')) : undefined;
  return handler({ operation, params, query: url.searchParams, headers: req.headers, json, rawBody, token, origin }, state);
}

export async function startFakeEbay(options: FakeEbayOptions = {}): Promise<FakeEbay> {
  const state = new FakeEbayState(options);
  // A state kept from an earlier run (the app's simulation): put back before the first request.
  if (options.saved !== undefined) state.restoreState(options.saved);
  let origin = '';

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const body = await readBody(req);
    // A request that may change the state: the simulation saves it soon after (reads change nothing it keeps).
    if (req.method !== 'GET' && req.method !== 'HEAD') res.once('close', () => options.onChange?.());
    if (url.pathname.startsWith('/__control/'))
      return send(res, await handleControl(url.pathname.slice('/__control/'.length), req, body, fake));
    // eBay's picture host (i.ebayimg.com): the seeded listings' photos.
    const picture = req.method === 'GET' ? pictureAnswer(url.pathname) : null;
    if (picture) return send(res, picture);
    const page = browserPage(state, req.method ?? 'GET', url, body.toString('utf8'));
    if (page) return send(res, page);
    if (url.pathname === '/identity/v1/oauth2/token') {
      const problems = req.method === 'POST' ? tokenRequestProblems(req) : [`${req.method} is not allowed on the token endpoint`];
      if (problems.length) {
        state.contractViolations.push({ at: Date.now(), method: req.method ?? '', path: url.pathname, operationId: 'token', problems });
        return send(res, { status: 400, body: { error: 'invalid_request', error_description: problems.join('; ') } });
      }
      const answer = tokenEndpoint(state, req, new URLSearchParams(body.toString('utf8')));
      state.record({ method: 'POST', path: url.pathname, operationId: 'token', status: answer.status });
      return send(res, answer);
    }
    const answer = await handleApi(req, url, body, state, origin);
    state.record({
      method: req.method ?? '',
      path: url.pathname,
      operationId: findOperationId(req.method ?? '', url.pathname),
      status: answer.status,
    });
    send(res, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, ebayError(500, 2003, `Fake eBay failed: ${String(error)}`, { domain: 'FAKE' })));
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  const fake: FakeEbay = {
    url: origin,
    port,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    ruName: state.ruName,
    state,
    get contractViolations() {
      return state.contractViolations;
    },
    snapshot: () => state.snapshot(),
    failPublish: (kind, times, sellerUserId) => state.failPublish(kind, times, sellerUserId),
    failNext: (operationId, failure, times, sellerUserId) => state.failNext(operationId, failure, times, sellerUserId),
    rateLimitNext: (times, retryAfterSeconds, operationId, sellerUserId) =>
      state.rateLimitNext(times, retryAfterSeconds, operationId, sellerUserId),
    expireAccessTokens: (userId) => state.expireAccessTokens(userId),
    signNotification: (body) => state.signNotification(body),
    revokeRefreshTokens: (userId) => state.revokeRefreshTokens(userId),
    setLatency: (ms) => (state.latencyMs = ms),
    setAccessTokenLifetime: (seconds) => (state.accessTokenLifetimeSeconds = seconds),
    setCallbackUrl: (callbackUrl) => (state.callbackUrl = callbackUrl),
    reset: () => state.reset(),
    browserPage: (method, pathAndQuery, formBody = '', signedInAs) =>
      browserPage(state, method, new URL(pathAndQuery, origin), formBody, signedInAs),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

function findOperationId(method: string, pathname: string): string | null {
  const match = findOperation(method, pathname);
  return match.kind === 'found' ? match.operation.operationId : null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const fake = await startFakeEbay({
    port: Number(arg('--port') ?? 4790),
    callbackUrl: arg('--callback'),
    clientId: arg('--client-id'),
    clientSecret: arg('--client-secret'),
    ruName: arg('--ru-name'),
    latencyMs: arg('--latency') ? Number(arg('--latency')) : 0,
    callsPerSecond: arg('--calls-per-second') ? Number(arg('--calls-per-second')) : undefined,
  });
  console.log(`fake eBay listening on ${fake.url} (client id ${fake.clientId}, RuName ${fake.ruName})`);
}
