/**
 * A fake Etsy (Open API v3) for tests, e2e and the benchmark. Every API request is checked against Etsy's OpenAPI
 * document first (contract-check.ts): one that does not fit, or an unknown path, answers 400 in Etsy's error shape
 * and is recorded in `contractViolations`, which tests assert empty. It holds one seller and shop.
 * - OAuth 2 with PKCE: GET /oauth/connect (the consent page) → POST /oauth/consent redirects to the redirect_uri with
 *   code and state; POST /v3/public/oauth/token checks the code verifier against the S256 challenge (and rotates
 *   refresh tokens).
 * - Users, shops, shipping profiles, return policies, seller taxonomy, listings (draft → images → active), inventory,
 *   receipts, each receipt's payment and the shop's payment account ledger (fake-etsy-payments.ts); Etsy's listing rules (title, tags, price, vintage, an image and the shop's policies to go live).
 * - A rate limit (requests a second, all callers): over it, 429 with Retry-After.
 * - GET /listing/{id}: the listing's page as a buyer sees it; GET /your/orders/sold?order_id= and POST /your/orders/cancel:
 *   a receipt's page for its shop's seller (the simulated Etsy's signed-in seller), where they cancel it.
 * Control API: GET /__control/state; POST /__control/{reset, config {callsPerSecond, latencyMs, accessTokenLifetimeSeconds},
 * fail {operationId, status, message?, times?, retryAfter?, dropAfterHandling?, listingId?}, recover {operationId?, listingId?}
 * (the failures set for them gone), seed-receipt {sku, price?, quantity?,
 * shipping?, at?, shopId?, title?} (a sale at `at` ms, now by default; in `shopId`: of no listing it has now), cancel-receipt {receiptId}, expire-access-tokens {shopId?}, revoke-refresh-tokens {shopId?},
 * seed-legacy-listing {sku, shopId?, title?, price?, quantity?} (an active listing on processing times, no profile),
 * copy-listing {listingId, skus} (copies of a listing under other SKUs: their listingIds),
 * make-legacy {listingId} (a listing put back to how it was before processing profiles)}.
 * Run alone: node --import tsx fakes/etsy/etsy-server.ts [--port 4184] [--keystring ...] [--shared-secret ...]
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { checkEtsyRequest, findEtsyOperation, multipartNames } from './contract-check';
import {
  bookPaidReceipt,
  ledgerEntriesOf,
  ledgerQueryProblems,
  noNotFoundOperations,
  paymentByReceipt,
  type FakePaymentAccount,
} from './fake-etsy-payments';
import {
  listingPropertyOut,
  listingPropertyWords,
  setListingProperty,
  taxonomyPropertiesAnswer,
  type FakeListingProperty,
} from './fake-etsy-properties';
import { simulatedOrderWords as orderWords } from '../../src/shared/domain/simulated-orders';
import { highestId, savedStateOf, type SavedFakeState } from '../shared/persistent-state';
import { keepIdleConnections } from '../shared/keep-alive';

export const FAKE_ETSY_USER_ID = 5_551_001;
export const FAKE_ETSY_SHOP_ID = 7_770_001;
export const FAKE_ETSY_SHOP_NAME = 'FakeVintageShop';

/** A seller and their shop: each consent makes a new one (the first is FAKE_ETSY_SHOP_ID), so tests never share one. */
interface FakeShop {
  shop_id: number;
  user_id: number;
  shop_name: string;
  /** Getshop's `currency_code`: "The shop displays all prices in this currency by default"; every price of it is in it. */
  currency_code: string;
  shippingProfiles: {
    shipping_profile_id: number;
    title: string;
    origin_country_iso: string;
    origin_postal_code: string | null;
    primary_cost: number;
    min_delivery_days: number | null;
    max_delivery_days: number | null;
  }[];
  returnPolicies: { return_policy_id: number; accepts_returns: boolean; accepts_exchanges: boolean; return_deadline: number | null }[];
  processingProfiles: { readiness_state_id: number; readiness_state: string; min_processing_days: number; max_processing_days: number }[];
}
const SCOPES = ['listings_r', 'listings_w', 'listings_d', 'transactions_r', 'shops_r', 'shops_w'];
/**
 * Etsy's vintage (Etsy's seller policy): 20 years or older. A `when_made` is vintage when its last year is at least 20
 * years back (`before_2007`, `2000_2006`, a decade); `made_to_order` and recent spans (`2020_2026`) are not. Which
 * values exist at all is the contract's enum (an old one answers 400 before this).
 */
function isVintage(whenMade: string): boolean {
  const cutoff = new Date().getUTCFullYear() - 20;
  const span = /^(\d{4})_(\d{4})$/.exec(whenMade);
  if (span) return Number(span[2]) <= cutoff;
  const before = /^before_(\d{4})$/.exec(whenMade);
  if (before) return Number(before[1]) - 1 <= cutoff;
  const decade = /^(\d{4})s$/.exec(whenMade);
  return Boolean(decade) && Number(decade![1]) + 9 <= cutoff;
}

/** Etsy's seller taxonomy, its branches as the app maps them (the names Etsy's; ids are the fake's). */
const TAXONOMY = [
  node(1, 'Clothing', [
    node(10, "Men's Clothing", [
      node(100, 'Pants', [node(1000, 'Jeans')]),
      node(101, 'Shorts'),
      node(102, 'Shirts & Tees'),
      node(103, 'Coats & Jackets'),
      node(104, 'Sweaters'),
    ]),
    node(20, "Women's Clothing", [
      node(200, 'Jeans'),
      node(201, 'Pants & Capris'),
      node(202, 'Shorts'),
      node(203, 'Tops & Tees'),
      node(204, 'Jackets & Coats'),
      node(205, 'Dresses'),
    ]),
    node(30, 'Unisex Adult Clothing', [node(300, 'Tops & Tees')]),
  ]),
  node(2, 'Accessories', [node(40, 'Belts & Suspenders', [node(400, 'Belts')])]),
  node(3, 'Shoes', [
    node(50, "Men's Shoes", [node(500, 'Sneakers & Athletic Shoes')]),
    node(60, "Women's Shoes", [node(600, 'Sneakers & Athletic Shoes')]),
  ]),
];
interface TaxonomyNode {
  id: number;
  level: number;
  name: string;
  parent_id: number | null;
  children: TaxonomyNode[];
  full_path_taxonomy_ids: number[];
}
function node(id: number, name: string, children: TaxonomyNode[] = []): TaxonomyNode {
  return { id, level: 0, name, parent_id: null, children, full_path_taxonomy_ids: [id] };
}
const allNodes = (nodes = TAXONOMY): TaxonomyNode[] => nodes.flatMap((n) => [n, ...allNodes(n.children)]);

interface FakeListing {
  listing_id: number;
  shop_id: number;
  /** Its shop's currency: Etsy reads a price sent for it as an amount of that currency. */
  currency_code: string;
  user_id: number;
  title: string;
  description: string;
  state: 'draft' | 'active' | 'inactive' | 'sold_out' | 'expired';
  quantity: number;
  price: number;
  taxonomy_id: number;
  who_made: string;
  when_made: string;
  is_supply: boolean;
  tags: string[];
  shipping_profile_id: number | null;
  return_policy_id: number | null;
  created_timestamp: number;
  updated_timestamp: number;
  sku: string | null;
  images: { listing_image_id: number; rank: number; bytes: number }[];
  /**
   * The listing's processing profile; null: it still ships on its own processing times (processing_min/max, made
   * before Etsy's processing profiles). Once an offering names a profile the listing uses profiles for good: the
   * document's updateListing has no processing_min/max any more, and every inventory offering must name a profile.
   */
  readiness_state_id: number | null;
  processing_min: number | null;
  processing_max: number | null;
  /** Its product properties (updateListingProperty), by property id: its size, on its scale. */
  properties: Map<number, FakeListingProperty>;
}

interface Receipt {
  receipt_id: number;
  shop_id: number;
  status: 'paid' | 'canceled';
  created: number;
  updated: number;
  lines: {
    transaction_id: number;
    listing_id: number | null;
    sku: string;
    quantity: number;
    price: number;
    shipping: number;
    /** The listing's title when it sold (the transaction's `title`). */
    title: string;
  }[];
}

export interface FakeEtsyOptions {
  port?: number;
  host?: string;
  keystring?: string;
  sharedSecret?: string;
  /** Requests a second over which the fake answers 429 (all callers together); 0: no limit. */
  callsPerSecond?: number;
  latencyMs?: number;
  /** Where browsers open its pages (the listing links it gives); its own address by default. */
  pagesUrl?: string;
  /** Words shown on its pages (the simulation's label), none by default. */
  label?: string;
  /**
   * The app's registered redirect URIs (an Etsy app's callback URLs): a consent, or its answer, naming another is
   * refused (400) and sends the browser nowhere. Unset: any is taken (tests that do not register one).
   */
  redirectUris?: readonly string[];
  /** A `persistentState()` of an earlier run to start from (the app's simulation, decision 188). */
  saved?: unknown;
  /** Called after each request that may have changed the state (any but GET and HEAD): the simulation saves it. */
  onChange?: () => void;
}

/** A price the app sent for a listing, as Etsy reads it (a decimal amount in the shop's currency). */
export interface EtsySentPrice {
  at: number;
  listingId: number;
  sku: string | null;
  operationId: 'createDraftListing' | 'updateListingInventory';
  price: number;
}

interface Failure {
  operationId: string | null;
  status: number;
  message: string;
  times: number;
  retryAfter?: number;
  /** The request is carried out, then the connection dropped before the answer (a crash between Etsy and us). */
  dropAfterHandling?: boolean;
  /** Only calls about this listing (its `listing_id` path parameter) fail: parallel tests leave each other alone. */
  listingId?: number;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string>; html?: string };
export type BrowserAnswer = Answer;

export interface FakeEtsy {
  url: string;
  port: number;
  keystring: string;
  sharedSecret: string;
  readonly contractViolations: { method: string; path: string; problems: string[] }[];
  /** Requests per operation id (the benchmark counts them). */
  readonly calls: Record<string, number>;
  /** Answers 429 given. */
  readonly rateLimited: number;
  /** Every price the app sent, in order (a draft's, an inventory's): the bench checks each against the floor. */
  readonly pricesSent: readonly EtsySentPrice[];
  snapshot(): ReturnType<FakeEtsyState['snapshot']>;
  configure(config: { callsPerSecond?: number; latencyMs?: number; accessTokenLifetimeSeconds?: number }): void;
  failNext(failure: Omit<Failure, 'times'> & { times?: number }): void;
  /** Etsy is back: the failures set for this operation (all, without one) and this listing (any, without one) are gone. */
  recover(which: { operationId?: string; listingId?: number }): void;
  /** A buyer's receipt for the newest listing of the SKU; `at` (ms) is the moment of the sale, now by default. */
  /** `shopId`: a sale in that shop of a listing it no longer has (a past sale); `title`: the listing's title then. */
  seedReceipt(sale: { sku: string; price?: number; quantity?: number; shipping?: number; at?: number; shopId?: number; title?: string }): {
    receiptId: number;
  };
  cancelReceipt(receiptId: number): void;
  /** An active listing on its own processing times (no processing profile), as made on Etsy before profiles. */
  seedLegacyListing(seed: { shopId?: number; sku: string; title?: string; price?: number; quantity?: number }): { listingId: number };
  /** Copies of a listing under other SKUs, in the same shop and state: their new listing ids (control: copy-listing). */
  copyListing(listingId: number, skus: string[]): number[];
  /** Ends the access tokens (of one shop, or all) before their time: calls answer 401 `invalid_token`. */
  expireAccessTokens(shopId?: number): void;
  /** Revokes the refresh tokens (of one shop, or all): a refresh answers 400 `invalid_grant`. */
  revokeRefreshTokens(shopId?: number): void;
  /**
   * A browser page (consent, its answer, a listing's view, "Buy it now") served by its host: the simulation serves them
   * under the app's address. With `account`, the consent connects that account's own shop (made on its first consent)
   * and "Buy it now" buys only that account's listings.
   */
  browserPage(method: string, pathAndQuery: string, formBody: string, account?: string): BrowserAnswer | null;
  /** A buyer buys the account's active listing (a receipt for its SKU): false when it is not theirs or not active. */
  buy(listingId: number, account: string): boolean;
  reset(): void;
  /** What the app's simulation keeps between runs (FakeEtsyState.persistentState). */
  persistentState(): unknown;
  close(): Promise<void>;
}

/** The shape `persistentState()` answers; bumped when it changes (an older file is then set aside). */
const SAVED_ETSY_SHAPE = 1;

type SavedEtsyState = SavedFakeState &
  Pick<FakeEtsyState, 'nextId' | 'listings' | 'shops' | 'receipts' | 'paymentAccount' | 'accountShops' | 'accessTokens' | 'refreshTokens'>;

class FakeEtsyState {
  nextId = 900_000_001;
  listings = new Map<number, FakeListing>();
  shops = new Map<number, FakeShop>();
  receipts: Receipt[] = [];
  /** Each receipt's payment and the shops' ledgers (fake-etsy-payments.ts). */
  paymentAccount: FakePaymentAccount = { payments: [], ledger: [] };
  /** The shop of each account of the simulation (browserPage's `account`). */
  accountShops = new Map<string, number>();
  codes = new Map<string, { challenge: string; redirectUri: string; scopes: string[]; shopId: number }>();
  accessTokens = new Map<string, { expiresAt: number; scopes: string[]; shopId: number }>();
  refreshTokens = new Map<string, { scopes: string[]; shopId: number }>();
  contractViolations: { method: string; path: string; problems: string[] }[] = [];
  calls: Record<string, number> = {};
  rateLimited = 0;
  pricesSent: EtsySentPrice[] = [];
  window: number[] = [];
  failures: Failure[] = [];
  tokenRequests: { grantType: string; ok: boolean }[] = [];
  accessTokenLifetime = 3600;

  id() {
    return this.nextId++;
  }

  /**
   * What a seller's flow needs after a restart (the app's simulation, decision 188): the id counter, shops and their
   * profiles, listings, receipts and payments, each account's shop, the tokens and refresh grants; not the test
   * records (calls, contract violations, injected failures).
   */
  persistentState(): SavedEtsyState {
    const { nextId, listings, shops, receipts, paymentAccount, accountShops, accessTokens, refreshTokens } = this;
    return {
      fake: 'etsy',
      shape: SAVED_ETSY_SHAPE,
      nextId,
      listings,
      shops,
      receipts,
      paymentAccount,
      accountShops,
      accessTokens,
      refreshTokens,
    };
  }

  /** Puts back a `persistentState()`; throws (changing nothing) when `saved` is not one of this shape. */
  restoreState(saved: unknown) {
    const { fake: _fake, shape: _shape, ...kept } = savedStateOf<SavedEtsyState>(saved, 'etsy', SAVED_ETSY_SHAPE);
    Object.assign(this, kept);
    // Never an id already given: past the highest restored one, whatever the counter said.
    const highest = highestId([this.listings, this.shops, this.receipts, this.paymentAccount, this.accountShops, this.accessTokens]);
    this.nextId = Math.max(this.nextId, highest + 1);
  }

  snapshot() {
    return {
      listings: [...this.listings.values()].map((l) => ({
        ...l,
        images: l.images.length,
        properties: [...l.properties.values()].map((p) => listingPropertyOut(l.taxonomy_id, p)),
      })),
      shops: [...this.shops.values()],
      shippingProfiles: [...this.shops.values()].flatMap((shop) => shop.shippingProfiles),
      processingProfiles: [...this.shops.values()].flatMap((shop) => shop.processingProfiles),
      returnPolicies: [...this.shops.values()].flatMap((shop) => shop.returnPolicies),
      receipts: this.receipts,
      payments: this.paymentAccount.payments,
      ledger: this.paymentAccount.ledger,
      contractViolations: this.contractViolations,
      calls: this.calls,
      rateLimited: this.rateLimited,
      tokenRequests: this.tokenRequests,
    };
  }
}

const now = () => Math.floor(Date.now() / 1000);
const money = (amount: number, currency_code: string) => ({ amount: Math.round(amount * 100), divisor: 100, currency_code });
const etsyError = (status: number, message: string): Answer => ({ status, body: { error: message } });
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The currencies a new simulated shop may price in (those of the countries the app serves); the first is the default. */
const SHOP_CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD'] as const;
const shopCurrencyOptions = (hint: string | null) => {
  const chosen = SHOP_CURRENCIES.find((code) => code === hint) ?? 'USD';
  return SHOP_CURRENCIES.map((code) => `<option value="${code}"${code === chosen ? ' selected' : ''}>${code}</option>`).join('');
};
/** The buyer's name as Etsy gives it on a receipt. */
const buyerNameOf = (receipt: Receipt) => `Etsy Buyer ${String(receipt.receipt_id).slice(-4)}`;

function listingOut(pages: string, l: FakeListing) {
  return {
    listing_id: l.listing_id,
    user_id: l.user_id,
    shop_id: l.shop_id,
    title: l.title,
    description: l.description,
    state: l.state,
    quantity: l.quantity,
    url: `${pages}/listing/${l.listing_id}`,
    tags: l.tags,
    taxonomy_id: l.taxonomy_id,
    who_made: l.who_made,
    when_made: l.when_made,
    is_supply: l.is_supply,
    shipping_profile_id: l.shipping_profile_id,
    return_policy_id: l.return_policy_id,
    created_timestamp: l.created_timestamp,
    updated_timestamp: l.updated_timestamp,
    price: money(l.price, l.currency_code),
    skus: l.sku ? [l.sku] : [],
    // The document: returned only when the listing is active and physical (and the read is shop-scoped or single).
    readiness_state_id: l.state === 'active' ? l.readiness_state_id : null,
    processing_min: l.processing_min,
    processing_max: l.processing_max,
  };
}

/** A listing's inventory as Etsy gives it: its one product and offering, with the offering's processing profile. */
function inventoryOut(l: FakeListing) {
  return {
    products: l.sku
      ? [
          {
            sku: l.sku,
            offerings: [
              { price: money(l.price, l.currency_code), quantity: l.quantity, is_enabled: true, readiness_state_id: l.readiness_state_id },
            ],
          },
        ]
      : [],
  };
}

/** Etsy's listing rules for what the request sets (title, tags, price, vintage, taxonomy). */
function listingProblems(fields: URLSearchParams): string | null {
  const title = fields.get('title');
  if (title !== null && (!title.trim() || [...title].length > 140)) return 'title must be 1 to 140 characters';
  // The contract's prose: "valid title strings contain only letters, numbers, punctuation marks, mathematical symbols,
  // whitespace characters, ™, ©, and ®" and "You can only use the %, :, & and + characters once each."
  if (title !== null && /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/u.test(title)) return 'title contains characters that are not allowed';
  const repeated = title === null ? undefined : ['%', ':', '&', '+'].find((c) => title.split(c).length > 2);
  if (repeated) return `title may use the ${repeated} character only once`;
  const tags = fields.get('tags');
  if (tags) {
    const list = tags.split(',').map((t) => t.trim());
    if (list.length > 13) return 'A listing may have at most 13 tags';
    const bad = list.find((t) => [...t].length > 20 || !/^[\p{L}\p{Nd}\p{Zs}\-'™©®]+$/u.test(t));
    if (bad !== undefined) return `Tag "${bad}" is invalid`;
  }
  const price = fields.get('price');
  if (price !== null && Number(price) < 0.2) return 'price must be at least 0.20';
  const taxonomy = fields.get('taxonomy_id');
  if (taxonomy !== null && !allNodes().some((n) => n.id === Number(taxonomy)))
    return `taxonomy_id ${taxonomy} is not a seller taxonomy node`;
  const whenMade = fields.get('when_made');
  if (fields.get('who_made') === 'someone_else' && whenMade !== null && !isVintage(whenMade))
    return 'Items made by someone else must be vintage (20+ years old) or supplies';
  return null;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeEtsy(options: FakeEtsyOptions = {}): Promise<FakeEtsy> {
  const keystring = options.keystring ?? 'fakeetsykeystring0123456789';
  const sharedSecret = options.sharedSecret ?? 'fakeetsysecret';
  let state = new FakeEtsyState();
  // A state kept from an earlier run (the app's simulation): put back before the first request.
  if (options.saved !== undefined) state.restoreState(options.saved);
  let callsPerSecond = options.callsPerSecond ?? 10;
  let latencyMs = options.latencyMs ?? 0;
  let base = '';
  let pages = '';
  const label = options.label ? `<p role="status"><strong>${escapeHtml(options.label)}</strong></p>` : '';

  const keyFits = (value: string | undefined) => value === keystring || value === `${keystring}:${sharedSecret}`;

  function overRate(): boolean {
    if (!callsPerSecond) return false;
    const at = Date.now();
    state.window = state.window.filter((t) => t > at - 1000);
    if (state.window.length >= callsPerSecond) return true;
    state.window.push(at);
    return false;
  }

  function takeFailure(operationId: string, listingId: string | undefined): Failure | null {
    const failure = state.failures.find(
      (f) => (f.operationId === null || f.operationId === operationId) && (f.listingId === undefined || String(f.listingId) === listingId),
    );
    if (!failure) return null;
    failure.times -= 1;
    if (failure.times <= 0) state.failures.splice(state.failures.indexOf(failure), 1);
    return failure;
  }

  /** A redirect URI the app registered (its query aside), or any URL when none is registered. */
  const registered = (uri: string) =>
    URL.canParse(uri) && (options.redirectUris === undefined || options.redirectUris.includes(uri.split('?')[0]!));

  /**
   * A real Etsy account has its shop and its currency already; the fake's new shop takes the one the seller picks here,
   * starting on the `shop_currency` hint (the simulation passes the seller's own), else USD.
   */
  function consentPage(query: URLSearchParams): Answer {
    const problems: string[] = [];
    if (query.get('response_type') !== 'code') problems.push('response_type must be code');
    if (query.get('client_id') !== keystring) problems.push('unknown client_id');
    if (!query.get('redirect_uri')) problems.push('redirect_uri is required');
    else if (!registered(query.get('redirect_uri')!)) problems.push('redirect_uri is not one of the app’s registered callback URLs');
    if (!query.get('state')) problems.push('state is required');
    if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) problems.push('PKCE with S256 is required');
    const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
    if (!scopes.length || scopes.some((s) => !SCOPES.includes(s))) problems.push('scope is invalid');
    if (problems.length) {
      state.contractViolations.push({ method: 'GET', path: '/oauth/connect', problems });
      return { status: 400, html: `<h1>Etsy: bad request</h1><p>${escapeHtml(problems.join('; '))}</p>` };
    }
    const hidden = ['redirect_uri', 'state', 'code_challenge', 'scope']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
      .join('');
    return {
      status: 200,
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Etsy: allow access</title><meta name="viewport" content="width=device-width"></head><body>${label}
<main><h1>Allow Resale Studio to access your Etsy shop?</h1><p>It asks for: ${escapeHtml(scopes.join(', '))}</p>
<form method="post" action="consent">${hidden}<p><label for="shop_currency">Your simulated shop’s currency (a new shop)</label>
<select id="shop_currency" name="shop_currency" style="min-height:44px">${shopCurrencyOptions(query.get('shop_currency'))}</select></p>
<button name="decision" value="allow" style="min-height:44px">Allow access</button>
<button name="decision" value="deny" style="min-height:44px">Deny</button></form></main></body></html>`,
    };
  }

  function consentDecision(form: URLSearchParams, account?: string): Answer {
    if (!registered(form.get('redirect_uri') ?? '')) {
      state.contractViolations.push({ method: 'POST', path: '/oauth/consent', problems: ['redirect_uri is not registered'] });
      return { status: 400, html: '<h1>Etsy: bad request</h1><p>redirect_uri is not one of the app’s registered callback URLs</p>' };
    }
    const redirect = new URL(form.get('redirect_uri') ?? '');
    if (form.get('decision') !== 'allow') {
      redirect.searchParams.set('error', 'access_denied');
      redirect.searchParams.set('state', form.get('state') ?? '');
      return { status: 302, headers: { location: redirect.toString() } };
    }
    const code = randomBytes(16).toString('hex');
    const n = state.shops.size;
    // Each consent is a new Etsy account with its shop, unless the form names a shop already made (its owner signed
    // in again: two sellers of the app sharing one Etsy account). A new shop prices in `shop_currency` (USD unless named).
    const shopId = account === undefined ? Number(form.get('shop_id')) : state.accountShops.get(account);
    const shop: FakeShop = state.shops.get(shopId ?? 0) ?? {
      shop_id: FAKE_ETSY_SHOP_ID + n,
      user_id: FAKE_ETSY_USER_ID + n,
      shop_name: n ? `${FAKE_ETSY_SHOP_NAME}${n + 1}` : FAKE_ETSY_SHOP_NAME,
      currency_code: form.get('shop_currency') || 'USD',
      shippingProfiles: [],
      returnPolicies: [],
      processingProfiles: [],
    };
    state.shops.set(shop.shop_id, shop);
    if (account !== undefined) state.accountShops.set(account, shop.shop_id);
    state.codes.set(code, {
      challenge: form.get('code_challenge') ?? '',
      redirectUri: redirect.toString(),
      scopes: (form.get('scope') ?? '').split(' '),
      shopId: shop.shop_id,
    });
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', form.get('state') ?? '');
    return { status: 302, headers: { location: redirect.toString() } };
  }

  function issue(scopes: string[], shopId: number) {
    const userId = state.shops.get(shopId)?.user_id ?? FAKE_ETSY_USER_ID;
    const access = `${userId}.${randomBytes(24).toString('base64url')}`;
    const refresh = `${userId}.${randomBytes(24).toString('base64url')}`;
    state.accessTokens.set(access, { expiresAt: Date.now() + state.accessTokenLifetime * 1000, scopes, shopId });
    state.refreshTokens.set(refresh, { scopes, shopId });
    return { access_token: access, token_type: 'Bearer', expires_in: state.accessTokenLifetime, refresh_token: refresh };
  }

  function tokenEndpoint(headers: IncomingMessage['headers'], raw: Buffer): Answer {
    const form = new URLSearchParams(raw.toString('utf8'));
    const grant = form.get('grant_type') ?? '';
    const fail = (message: string) => {
      state.tokenRequests.push({ grantType: grant, ok: false });
      return { status: 400, body: { error: 'invalid_grant', error_description: message } };
    };
    if (!(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      state.contractViolations.push({ method: 'POST', path: '/v3/public/oauth/token', problems: ['not form-encoded'] });
      return fail('the body must be application/x-www-form-urlencoded');
    }
    if (form.get('client_id') !== keystring) return fail('client_id is unknown');
    if (grant === 'authorization_code') {
      const code = state.codes.get(form.get('code') ?? '');
      if (!code) return fail('code is invalid or used');
      state.codes.delete(form.get('code') ?? '');
      if (code.redirectUri.split('?')[0] !== (form.get('redirect_uri') ?? '')) return fail('redirect_uri does not match');
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return fail('code_verifier does not match the code_challenge');
      state.tokenRequests.push({ grantType: grant, ok: true });
      return { status: 200, body: issue(code.scopes, code.shopId) };
    }
    if (grant === 'refresh_token') {
      const refresh = state.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!refresh) return fail('refresh_token is invalid');
      state.refreshTokens.delete(form.get('refresh_token') ?? '');
      state.tokenRequests.push({ grantType: grant, ok: true });
      return { status: 200, body: issue(refresh.scopes, refresh.shopId) };
    }
    return fail('grant_type is not supported');
  }

  function handle(
    operationId: string,
    params: Record<string, string>,
    query: URLSearchParams,
    raw: Buffer,
    contentType: string,
    caller: FakeShop | null,
  ): Answer {
    const form = new URLSearchParams(contentType.startsWith('application/x-www-form-urlencoded') ? raw.toString('utf8') : '');
    if (params.shop_id && Number(params.shop_id) !== caller?.shop_id)
      return noNotFoundOperations.has(operationId)
        ? etsyError(403, 'You do not have permission to view this shop')
        : etsyError(404, `Shop ${params.shop_id} not found`);
    const listing = params.listing_id ? state.listings.get(Number(params.listing_id)) : undefined;
    // A write to another shop's listing is not allowed (updateListingProperty documents 403 beside 404).
    if (operationId === 'updateListingProperty' && listing && caller && listing.shop_id !== caller.shop_id)
      return etsyError(403, `You do not have permission to update listing ${params.listing_id}`);
    if (params.listing_id && (!listing || (caller && listing.shop_id !== caller.shop_id)))
      return etsyError(404, `Listing ${params.listing_id} not found`);
    const shop =
      caller ??
      ({
        shop_id: 0,
        user_id: 0,
        shop_name: '',
        currency_code: 'USD',
        shippingProfiles: [],
        returnPolicies: [],
        processingProfiles: [],
      } satisfies FakeShop);
    switch (operationId) {
      case 'getMe':
        return { status: 200, body: { user_id: shop.user_id, shop_id: shop.shop_id } };
      case 'getShop':
        return {
          status: 200,
          body: {
            shop_id: shop.shop_id,
            user_id: shop.user_id,
            shop_name: shop.shop_name,
            currency_code: shop.currency_code,
            url: `${base}/shop/${shop.shop_name}`,
          },
        };
      case 'getShopShippingProfiles':
        return {
          status: 200,
          body: {
            count: shop.shippingProfiles.length,
            results: shop.shippingProfiles.map((p) => ({ ...p, user_id: shop.user_id, is_deleted: false })),
          },
        };
      case 'createShopShippingProfile': {
        const profile = {
          shipping_profile_id: state.id(),
          title: form.get('title') ?? '',
          origin_country_iso: form.get('origin_country_iso') ?? '',
          origin_postal_code: form.get('origin_postal_code'),
          primary_cost: Number(form.get('primary_cost')),
          min_delivery_days: form.get('min_delivery_days') ? Number(form.get('min_delivery_days')) : null,
          max_delivery_days: form.get('max_delivery_days') ? Number(form.get('max_delivery_days')) : null,
        };
        const region = form.get('destination_region');
        if (!form.get('destination_country_iso') && (!region || region === 'none'))
          return etsyError(400, 'Either destination_country_iso or destination_region is required');
        // The contract's prose: "You can pass a country iso code or a region when creating a ShippingProfile, but not
        // both" and "You must pass either a shipping_carrier_id AND mail_class, or both min and max_delivery_days."
        if (form.get('destination_country_iso') && region && region !== 'none')
          return etsyError(400, 'Pass a destination country or a destination region, not both');
        const carrier = form.get('shipping_carrier_id') !== null && form.get('mail_class') !== null;
        const days = form.get('min_delivery_days') !== null && form.get('max_delivery_days') !== null;
        if (!carrier && !days)
          return etsyError(400, 'You must pass either a shipping_carrier_id AND mail_class, or both min and max_delivery_days');
        shop.shippingProfiles.push(profile);
        return { status: 201, body: { ...profile, user_id: shop.user_id, is_deleted: false } };
      }
      case 'getShopReturnPolicies':
        return {
          status: 200,
          body: { count: shop.returnPolicies.length, results: shop.returnPolicies.map((p) => ({ ...p, shop_id: shop.shop_id })) },
        };
      case 'createShopReturnPolicy': {
        const accepts = form.get('accepts_returns') === 'true';
        const deadline = form.get('return_deadline');
        if (accepts && !deadline) return etsyError(400, 'return_deadline is required when returns are accepted');
        if (deadline && ![7, 14, 21, 30, 45, 60, 90].includes(Number(deadline)))
          return etsyError(400, 'return_deadline must be one of 7, 14, 21, 30, 45, 60, 90');
        const policy = {
          return_policy_id: state.id(),
          accepts_returns: accepts,
          accepts_exchanges: form.get('accepts_exchanges') === 'true',
          return_deadline: deadline ? Number(deadline) : null,
        };
        shop.returnPolicies.push(policy);
        return { status: 200, body: { ...policy, shop_id: shop.shop_id } };
      }
      case 'getShopReadinessStateDefinitions':
        return {
          status: 200,
          body: {
            count: shop.processingProfiles.length,
            results: shop.processingProfiles.map((p) => ({
              ...p,
              shop_id: shop.shop_id,
              processing_days_display_label: `${p.min_processing_days}-${p.max_processing_days} days`,
            })),
          },
        };
      case 'createShopReadinessStateDefinition': {
        const profile = {
          readiness_state_id: state.id(),
          readiness_state: form.get('readiness_state') ?? '',
          min_processing_days: Number(form.get('min_processing_time')),
          max_processing_days: Number(form.get('max_processing_time')),
        };
        if (profile.min_processing_days > profile.max_processing_days)
          return etsyError(400, 'min_processing_time must not exceed max_processing_time');
        shop.processingProfiles.push(profile);
        return {
          status: 201,
          body: {
            ...profile,
            shop_id: shop.shop_id,
            processing_days_display_label: `${profile.min_processing_days}-${profile.max_processing_days} days`,
          },
        };
      }
      case 'getSellerTaxonomyNodes':
        return { status: 200, body: { count: TAXONOMY.length, results: TAXONOMY } };
      case 'getPropertiesByTaxonomyId': {
        const id = Number(params.taxonomy_id);
        return taxonomyPropertiesAnswer(
          id,
          allNodes().some((n) => n.id === id),
        );
      }
      case 'getListingProperties': {
        const results = [...listing!.properties.values()].map((p) => listingPropertyOut(listing!.taxonomy_id, p));
        return { status: 200, body: { count: results.length, results } };
      }
      case 'updateListingProperty': {
        const set = setListingProperty(listing!, Number(params.property_id), form);
        if ('error' in set) return set.error;
        listing!.properties.set(set.value.property_id, set.value);
        listing!.updated_timestamp = now();
        return { status: 200, body: listingPropertyOut(listing!.taxonomy_id, set.value) };
      }
      case 'createDraftListing': {
        const problem = listingProblems(form);
        if (problem) return etsyError(400, problem);
        const l: FakeListing = {
          listing_id: state.id(),
          shop_id: shop.shop_id,
          currency_code: shop.currency_code,
          user_id: shop.user_id,
          title: form.get('title') ?? '',
          description: form.get('description') ?? '',
          state: 'draft',
          quantity: Number(form.get('quantity')),
          price: Number(form.get('price')),
          taxonomy_id: Number(form.get('taxonomy_id')),
          who_made: form.get('who_made') ?? '',
          when_made: form.get('when_made') ?? '',
          is_supply: form.get('is_supply') === 'true',
          tags: (form.get('tags') ?? '').split(',').filter(Boolean),
          shipping_profile_id: form.get('shipping_profile_id') ? Number(form.get('shipping_profile_id')) : null,
          return_policy_id: form.get('return_policy_id') ? Number(form.get('return_policy_id')) : null,
          created_timestamp: now(),
          updated_timestamp: now(),
          sku: null,
          images: [],
          readiness_state_id: form.get('readiness_state_id') ? Number(form.get('readiness_state_id')) : null,
          processing_min: form.get('processing_min') ? Number(form.get('processing_min')) : null,
          processing_max: form.get('processing_max') ? Number(form.get('processing_max')) : null,
          properties: new Map(),
        };
        if (l.readiness_state_id !== null && !shop.processingProfiles.some((p) => p.readiness_state_id === l.readiness_state_id))
          return etsyError(400, `readiness_state_id ${l.readiness_state_id} is not a processing profile of this shop`);
        state.listings.set(l.listing_id, l);
        state.pricesSent.push({ at: Date.now(), listingId: l.listing_id, sku: l.sku, operationId: 'createDraftListing', price: l.price });
        return { status: 201, body: listingOut(pages, l) };
      }
      case 'getListingsByShop': {
        const wanted = query.get('state') ?? 'active';
        const all = [...state.listings.values()].filter((l) => l.shop_id === shop.shop_id && l.state === wanted);
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? 25);
        const inventory = (query.get('includes') ?? '').split(',').includes('Inventory');
        const page = all.slice(offset, offset + limit).map((l) => ({
          ...listingOut(pages, l),
          ...(inventory ? { inventory: inventoryOut(l) } : {}),
        }));
        return { status: 200, body: { count: all.length, results: page } };
      }
      case 'getListingsInventoryByListingIds':
      case 'getListingsShippingByListingIds': {
        // The document's prose: at most 100 ids; all must exist, else the whole request answers 404; the data is only
        // the caller's own listings' (SKUs emptied, shipping profile nulled for another seller's).
        const ids = (query.get('listing_ids') ?? '').split(',').filter(Boolean).map(Number);
        if (!ids.length || ids.length > 100) return etsyError(400, 'listing_ids takes 1 to 100 listing ids');
        const found = ids.map((id) => state.listings.get(id));
        const missing = ids.find((_, i) => !found[i]);
        if (missing !== undefined) return etsyError(404, `Listing ${missing} not found`);
        const results = (found as FakeListing[]).map((l) => {
          const own = l.shop_id === shop.shop_id;
          if (operationId === 'getListingsInventoryByListingIds') {
            const inventory = inventoryOut(l);
            return {
              ...listingOut(pages, l),
              inventory: own ? inventory : { products: inventory.products.map((p) => ({ ...p, sku: '' })) },
            };
          }
          const profile = shop.shippingProfiles.find((p) => p.shipping_profile_id === l.shipping_profile_id);
          return {
            ...listingOut(pages, l),
            shipping_profile_id: own ? l.shipping_profile_id : null,
            shipping_profile: own && profile ? { ...profile, user_id: shop.user_id } : null,
          };
        });
        return { status: 200, body: { count: results.length, results } };
      }
      case 'getListing':
        return { status: 200, body: listingOut(pages, listing!) };
      case 'getListingImages':
        return {
          status: 200,
          body: {
            count: listing!.images.length,
            results: listing!.images.map((i) => ({
              ...i,
              listing_id: listing!.listing_id,
              url_fullxfull: `${base}/images/${i.listing_image_id}.jpg`,
            })),
          },
        };
      case 'uploadListingImage': {
        if (!multipartNames(contentType, raw).includes('image')) return etsyError(400, 'image is required');
        if (listing!.images.length >= 20) return etsyError(400, 'A listing may have at most 20 images');
        const rank = Number(/name="rank"\r\n\r\n(\d+)/.exec(raw.toString('latin1'))?.[1] ?? listing!.images.length + 1);
        const image = { listing_image_id: state.id(), rank, bytes: raw.length };
        listing!.images.push(image);
        return { status: 201, body: { ...image, listing_id: listing!.listing_id } };
      }
      case 'updateListing': {
        const problem = listingProblems(form);
        if (problem) return etsyError(400, problem);
        const l = listing!;
        const next = form.get('state');
        if (next === 'active') {
          if (!l.images.length) return etsyError(400, 'A listing must have at least one image to be active');
          if (!l.shipping_profile_id) return etsyError(400, 'A physical listing needs a shipping profile to be active');
          if (!l.return_policy_id) return etsyError(400, 'A physical listing needs a return policy to be active');
          if (l.quantity < 1) return etsyError(400, 'quantity must be at least 1');
        }
        if (next) l.state = next as FakeListing['state'];
        for (const field of ['title', 'description', 'who_made', 'when_made'] as const) {
          const value = form.get(field);
          if (value !== null) l[field] = value;
        }
        if (form.get('tags') !== null) l.tags = (form.get('tags') ?? '').split(',').filter(Boolean);
        if (form.get('taxonomy_id')) l.taxonomy_id = Number(form.get('taxonomy_id'));
        l.updated_timestamp = now();
        return { status: 200, body: listingOut(pages, l) };
      }
      case 'getListingInventory':
        return { status: 200, body: inventoryOut(listing!) };
      case 'updateListingInventory': {
        const body = JSON.parse(raw.toString('utf8')) as {
          products: { sku?: string; offerings?: { price?: number; quantity?: number; readiness_state_id?: number }[] }[];
        };
        const product = body.products[0];
        const offering = product?.offerings?.[0];
        if (!product || !offering) return etsyError(400, 'products must have an offering');
        if ((offering.price ?? 0) < 0.2) return etsyError(400, 'price must be at least 0.20');
        const l = listing!;
        if (!shop.processingProfiles.some((p) => p.readiness_state_id === offering.readiness_state_id))
          return etsyError(400, `readiness_state_id ${offering.readiness_state_id} is not a processing profile of this shop`);
        // Every offering names a profile (the contract requires it), so an inventory update switches a listing still
        // on processing times onto profiles, for good: updateListing takes no processing_min/max to go back.
        l.readiness_state_id = offering.readiness_state_id ?? null;
        l.sku = product.sku ?? null;
        l.price = offering.price ?? l.price;
        l.quantity = offering.quantity ?? l.quantity;
        if (offering.price !== undefined)
          state.pricesSent.push({
            at: Date.now(),
            listingId: l.listing_id,
            sku: l.sku,
            operationId: 'updateListingInventory',
            price: offering.price,
          });
        l.updated_timestamp = now();
        return { status: 200, body: inventoryOut(l) };
      }
      case 'deleteListing':
        state.listings.delete(listing!.listing_id);
        return { status: 204 };
      case 'getShopReceipts': {
        // The contract's filters (min/max created and last modified, epoch seconds) and order: sort_on created,
        // updated or receipt_id, by default created and newest first (sort_order desc).
        const bound = (name: string, fallback: number) => (query.has(name) ? Number(query.get(name)) : fallback);
        const [minCreated, maxCreated] = [bound('min_created', 0), bound('max_created', Infinity)];
        const [minModified, maxModified] = [bound('min_last_modified', 0), bound('max_last_modified', Infinity)];
        const sortKey = {
          created: (r: Receipt) => r.created,
          updated: (r: Receipt) => r.updated,
          receipt_id: (r: Receipt) => r.receipt_id,
        }[(query.get('sort_on') ?? 'created') as 'created'];
        const up = ['asc', 'ascending', 'up'].includes(query.get('sort_order') ?? 'desc') ? 1 : -1;
        const all = state.receipts
          .filter((r) => r.shop_id === shop.shop_id && r.created >= minCreated && r.created <= maxCreated)
          .filter((r) => r.updated >= minModified && r.updated <= maxModified)
          .sort((a, b) => up * (sortKey(a) - sortKey(b) || a.receipt_id - b.receipt_id));
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? 25);
        const page = all.slice(offset, offset + limit).map((r) => ({
          receipt_id: r.receipt_id,
          receipt_type: 0,
          seller_user_id: shop.user_id,
          status: r.status === 'canceled' ? 'Canceled' : 'Paid',
          // The buyer's name as Etsy gives it on the receipt (decision 083 shows it on a double sale).
          name: buyerNameOf(r),
          is_paid: true,
          is_shipped: false,
          created_timestamp: r.created,
          create_timestamp: r.created,
          updated_timestamp: r.updated,
          update_timestamp: r.updated,
          total_shipping_cost: money(
            r.lines.reduce((sum, line) => sum + line.shipping, 0),
            shop.currency_code,
          ),
          transactions: r.lines.map((line) => ({
            transaction_id: line.transaction_id,
            receipt_id: r.receipt_id,
            listing_id: line.listing_id,
            sku: line.sku,
            quantity: line.quantity,
            price: money(line.price, shop.currency_code),
            shipping_cost: money(line.shipping, shop.currency_code),
            title: line.title,
            created_timestamp: r.created,
            create_timestamp: r.created,
          })),
        }));
        return { status: 200, body: { count: all.length, results: page } };
      }
      case 'getShopPaymentByReceiptId':
        return paymentByReceipt(state.paymentAccount, shop.shop_id, params.receipt_id ?? '');
      case 'getShopPaymentAccountLedgerEntries':
        return ledgerEntriesOf(state.paymentAccount, shop.shop_id, query);
      default:
        return etsyError(501, `The fake Etsy does not implement ${operationId}`);
    }
  }

  function seedReceipt(
    sale: { sku: string; price?: number; quantity?: number; shipping?: number; at?: number; title?: string; shopId?: number },
    listingId?: number,
  ) {
    // That listing, or the newest listing of the SKU (shops of different tests may share SKUs); none in a named shop.
    const listing =
      sale.shopId !== undefined
        ? undefined
        : listingId === undefined
          ? [...state.listings.values()].reverse().find((l) => l.sku === sale.sku)
          : state.listings.get(listingId);
    const quantity = sale.quantity ?? 1;
    if (listing) {
      listing.quantity = Math.max(0, listing.quantity - quantity);
      if (listing.quantity === 0) listing.state = 'sold_out';
    }
    const receipt: Receipt = {
      receipt_id: state.id(),
      shop_id: listing?.shop_id ?? sale.shopId ?? FAKE_ETSY_SHOP_ID,
      status: 'paid',
      // Etsy's timestamps are whole seconds, cut down: a sale in the second a listing went live reads as before it.
      created: Math.floor((sale.at ?? Date.now()) / 1000),
      updated: Math.floor((sale.at ?? Date.now()) / 1000),
      lines: [
        {
          transaction_id: state.id(),
          listing_id: listing?.listing_id ?? null,
          sku: sale.sku,
          quantity,
          price: sale.price ?? listing?.price ?? 10,
          shipping: sale.shipping ?? 0,
          title: sale.title ?? listing?.title ?? `Sold item ${sale.sku}`,
        },
      ],
    };
    state.receipts.push(receipt);
    // The buyer paid: Etsy books the payment and its fees on the shop's ledger at once.
    bookPaidReceipt(state.paymentAccount, receipt, state.shops.get(receipt.shop_id)?.currency_code ?? 'USD', () => state.id());
    return { receiptId: receipt.receipt_id };
  }

  /**
   * A listing made on Etsy before processing profiles (its own processing times, no profile) in the shop, active,
   * with one SKU: what a seller who listed before 2026 has.
   */
  function seedLegacyListing(seed: { shopId?: number; sku: string; title?: string; price?: number; quantity?: number }) {
    const shop = state.shops.get(seed.shopId ?? FAKE_ETSY_SHOP_ID);
    if (!shop) throw new Error(`no shop ${seed.shopId ?? FAKE_ETSY_SHOP_ID}`);
    const l: FakeListing = {
      listing_id: state.id(),
      shop_id: shop.shop_id,
      currency_code: shop.currency_code,
      user_id: shop.user_id,
      title: seed.title ?? `Vintage ${seed.sku}`,
      description: 'Listed on Etsy before processing profiles.',
      state: 'active',
      quantity: seed.quantity ?? 1,
      price: seed.price ?? 25,
      taxonomy_id: 1000,
      who_made: 'someone_else',
      when_made: '1990s',
      is_supply: false,
      tags: [],
      shipping_profile_id: shop.shippingProfiles[0]?.shipping_profile_id ?? null,
      return_policy_id: shop.returnPolicies[0]?.return_policy_id ?? null,
      created_timestamp: now(),
      updated_timestamp: now(),
      sku: seed.sku,
      images: [{ listing_image_id: state.id(), rank: 1, bytes: 100 }],
      readiness_state_id: null,
      processing_min: 1,
      processing_max: 3,
      properties: new Map(),
    };
    state.listings.set(l.listing_id, l);
    return { listingId: l.listing_id };
  }

  /** Copies of a listing under other SKUs (new listing and image ids): benches seed many listings at once from one. */
  function copyListing(listingId: number, skus: string[]): number[] {
    const listing = state.listings.get(listingId);
    if (!listing) throw new Error(`no listing ${listingId}`);
    return skus.map((sku) => {
      const copy: FakeListing = {
        ...structuredClone(listing),
        listing_id: state.id(),
        sku,
        images: listing.images.map((image) => ({ ...image, listing_image_id: state.id() })),
      };
      state.listings.set(copy.listing_id, copy);
      return copy.listing_id;
    });
  }

  function control(path: string, body: Record<string, unknown>): Answer {
    switch (path) {
      case '/__control/state':
        return { status: 200, body: state.snapshot() };
      case '/__control/reset':
        fake.reset();
        return { status: 200, body: { ok: true } };
      case '/__control/config':
        fake.configure(body as Parameters<FakeEtsy['configure']>[0]);
        return { status: 200, body: { ok: true } };
      case '/__control/fail':
        fake.failNext(body as unknown as Failure);
        return { status: 200, body: { ok: true } };
      case '/__control/recover':
        fake.recover(body as Parameters<FakeEtsy['recover']>[0]);
        return { status: 200, body: { ok: true } };
      case '/__control/seed-receipt':
        return { status: 200, body: seedReceipt(body as { sku: string; at?: number }) };
      case '/__control/copy-listing':
        return { status: 200, body: { listingIds: copyListing(Number(body.listingId), body.skus as string[]) } };
      case '/__control/seed-legacy-listing':
        return { status: 200, body: seedLegacyListing(body as { sku: string; shopId?: number }) };
      case '/__control/make-legacy': {
        // A listing as it was before processing profiles: its own processing times, no profile.
        const l = state.listings.get(Number(body.listingId));
        if (!l) return { status: 404, body: { error: 'no such listing' } };
        Object.assign(l, { readiness_state_id: null, processing_min: 1, processing_max: 3 });
        return { status: 200, body: { ok: true } };
      }
      case '/__control/cancel-receipt':
        fake.cancelReceipt(Number(body.receiptId));
        return { status: 200, body: { ok: true } };
      case '/__control/expire-access-tokens':
        fake.expireAccessTokens(body.shopId === undefined ? undefined : Number(body.shopId));
        return { status: 200, body: { ok: true } };
      case '/__control/revoke-refresh-tokens':
        fake.revokeRefreshTokens(body.shopId === undefined ? undefined : Number(body.shopId));
        return { status: 200, body: { ok: true } };
      default:
        return { status: 404, body: { error: 'unknown control' } };
    }
  }

  function listingPage(id: number, buyable: boolean): Answer {
    const l = state.listings.get(id);
    if (!l || l.state === 'draft') return { status: 404, html: '<h1>Sorry, this item is unavailable.</h1>' };
    const buy =
      buyable && l.state === 'active'
        ? `<form method="post" action="${l.listing_id}/buy"><button style="min-height:44px">Buy it now (simulation)</button></form>`
        : '';
    return {
      status: 200,
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(l.title)} - Etsy</title></head><body>${label}<main><h1>${escapeHtml(l.title)}</h1>
<p data-state="${l.state}">${l.state === 'active' ? 'Listed on Etsy' : `This listing is ${l.state}`}</p><p>$${l.price.toFixed(2)}</p><p>${l.images.length} photos</p>
<p>When made: ${escapeHtml(l.when_made)}</p>${listingPropertyWords(l.taxonomy_id, l.properties.values())
        .map((words) => `<p data-testid="listing-property">${escapeHtml(words)}</p>`)
        .join('')}${buy}</main></body></html>`,
    };
  }

  /** The account's active listing bought: a receipt in its shop, which reaches the app through the receipts pull. */
  function buy(listingId: number, account: string): boolean {
    const l = state.listings.get(listingId);
    if (!l || l.state !== 'active' || !l.sku || l.shop_id !== state.accountShops.get(account)) return false;
    // The buyer pays the shipping the listing's shipping profile charges (its primary cost), as on Etsy.
    const profile = state.shops.get(l.shop_id)?.shippingProfiles.find((p) => p.shipping_profile_id === l.shipping_profile_id);
    seedReceipt({ sku: l.sku, ...(profile ? { shipping: profile.primary_cost } : {}) }, l.listing_id);
    return true;
  }

  /** The account's receipt of that id (only the shop's own seller finds it). */
  function accountsReceipt(receiptId: string, account?: string): Receipt | null {
    const shopId = account === undefined ? undefined : state.accountShops.get(account);
    const receipt = state.receipts.find((r) => String(r.receipt_id) === receiptId);
    return receipt && shopId !== undefined && receipt.shop_id === shopId ? receipt : null;
  }

  /**
   * GET /your/orders/sold?order_id={receiptId}: the shop manager's sold order (Etsy's real page is
   * https://www.etsy.com/your/orders/sold; the app's "Cancel on Etsy" link, decision 083), with its cancel form: POST
   * /your/orders/cancel cancels the receipt as the seller would on Etsy; the next receipts pull reads it so.
   */
  function orderPage(receipt: Receipt | null): Answer {
    if (!receipt) return { status: 404, html: `${label}<h1>${escapeHtml(orderWords.notFound)}</h1>` };
    const shop = state.shops.get(receipt.shop_id);
    const lines = receipt.lines
      .map(
        (line) =>
          `<li>SKU ${escapeHtml(line.sku)} · ${line.quantity} × ${line.price.toFixed(2)} ${escapeHtml(shop?.currency_code ?? 'USD')}</li>`,
      )
      .join('');
    // Relative: served at /your/orders/sold by the fake and under the app's address by the simulated Etsy.
    const cancel =
      receipt.status === 'canceled'
        ? `<p data-state="cancelled">${escapeHtml(orderWords.cancelled)}</p>`
        : `<p data-state="open">${escapeHtml(orderWords.open)}</p><form method="post" action="cancel"><input type="hidden" name="order_id" value="${receipt.receipt_id}"><button style="min-height:44px">${escapeHtml(orderWords.cancel)}</button></form>`;
    const heading = orderWords.heading(String(receipt.receipt_id));
    return {
      status: 200,
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)} - Etsy</title></head><body>${label}<main><h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(orderWords.buyer(buyerNameOf(receipt)))}</p><ul>${lines}</ul>${cancel}</main></body></html>`,
    };
  }

  function browserPage(method: string, pathAndQuery: string, formBody: string, account?: string): Answer | null {
    const url = new URL(pathAndQuery, 'http://fake');
    if (method === 'GET' && url.pathname === '/your/orders/sold')
      return orderPage(accountsReceipt(url.searchParams.get('order_id') ?? '', account));
    if (method === 'POST' && url.pathname === '/your/orders/cancel') {
      const receipt = accountsReceipt(new URLSearchParams(formBody).get('order_id') ?? '', account);
      if (receipt && receipt.status !== 'canceled') {
        receipt.status = 'canceled';
        receipt.updated = now() + 1;
      }
      return orderPage(receipt);
    }
    if (method === 'GET' && url.pathname === '/oauth/connect') return consentPage(url.searchParams);
    if (method === 'POST' && url.pathname === '/oauth/consent') return consentDecision(new URLSearchParams(formBody), account);
    const page = /^\/listing\/(\d+)$/.exec(url.pathname);
    if (method === 'GET' && page) return listingPage(Number(page[1]), account !== undefined);
    const bought = /^\/listing\/(\d+)\/buy$/.exec(url.pathname);
    if (method === 'POST' && bought && account !== undefined) {
      const id = Number(bought[1]);
      if (!buy(id, account)) return { status: 409, html: `${label}<h1>This listing has ended: there is nothing left to buy.</h1>` };
      return {
        status: 200,
        html: `${label}<h1>A simulated buyer bought this listing.</h1><p>Resale Studio shows the sale on the product's card once it checks for sales.</p>`,
      };
    }
    return null;
  }

  async function route(req: IncomingMessage, raw: Buffer): Promise<Answer | 'drop'> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/__control/'))
      return control(url.pathname, raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {});
    // The browser asks every page's host for an icon: not an API request.
    if (method === 'GET' && url.pathname === '/favicon.ico') return { status: 204 };
    const page = browserPage(method, req.url ?? '/', raw.toString('utf8'));
    if (page) return page;
    if (latencyMs) await sleep(latencyMs);
    if (method === 'POST' && url.pathname === '/v3/public/oauth/token') return tokenEndpoint(req.headers, raw);
    const found = findEtsyOperation(method, url.pathname);
    if (found.kind !== 'found') {
      const problems = [found.kind === 'wrong-method' ? `${method} not allowed (${found.allowed.join(', ')})` : 'unknown path'];
      state.contractViolations.push({ method, path: url.pathname, problems });
      return etsyError(400, `Contract: ${problems.join('; ')}`);
    }
    const { operation, params } = found;
    state.calls[operation.operationId] = (state.calls[operation.operationId] ?? 0) + 1;
    if (overRate()) {
      state.rateLimited += 1;
      return { status: 429, headers: { 'retry-after': '1' }, body: { error: 'You have exceeded your quota of requests per second' } };
    }
    const problems = checkEtsyRequest(operation, { headers: req.headers, query: url.searchParams, rawBody: raw });
    if (operation.operationId === 'getShopPaymentAccountLedgerEntries') problems.push(...ledgerQueryProblems(url.searchParams));
    if (problems.length) {
      state.contractViolations.push({ method, path: url.pathname, problems });
      return etsyError(400, `Contract: ${problems.join('; ')}`);
    }
    if (operation.apiKey && !keyFits(req.headers['x-api-key'] as string | undefined)) return etsyError(403, 'Invalid API key');
    if (operation.oauthScopes.length) {
      const token = state.accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!token || token.expiresAt <= Date.now()) return etsyError(401, 'invalid_token');
      if (!operation.oauthScopes.some((scope) => token.scopes.includes(scope))) return etsyError(403, 'insufficient_scope');
    }
    const failure = takeFailure(operation.operationId, params.listing_id);
    if (failure && !failure.dropAfterHandling) {
      return {
        status: failure.status,
        headers: failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : {},
        body: { error: failure.message },
      };
    }
    const token = state.accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const caller = token ? (state.shops.get(token.shopId) ?? null) : null;
    const answer = handle(operation.operationId, params, url.searchParams, raw, req.headers['content-type'] ?? '', caller);
    return failure ? 'drop' : answer;
  }

  const server = createServer((req, res) => {
    // A request that may change the state: the simulation saves it soon after (reads change nothing it keeps).
    if (req.method !== 'GET' && req.method !== 'HEAD') res.once('close', () => options.onChange?.());
    void (async () => {
      const raw = await readBody(req);
      const answer = await route(req, raw).catch((err: unknown) => etsyError(500, String(err)));
      if (answer === 'drop') {
        res.socket?.destroy();
        return;
      }
      const headers: Record<string, string> = { ...answer.headers };
      if (answer.html !== undefined) headers['content-type'] = 'text/html; charset=utf-8';
      else if (answer.body !== undefined) headers['content-type'] = 'application/json';
      res.writeHead(answer.status, headers);
      res.end(answer.html ?? (answer.body === undefined ? undefined : JSON.stringify(answer.body)));
    })();
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  pages = (options.pagesUrl ?? base).replace(/\/+$/, '');

  const fake: FakeEtsy = {
    url: base,
    port,
    keystring,
    sharedSecret,
    get contractViolations() {
      return state.contractViolations;
    },
    get calls() {
      return state.calls;
    },
    get rateLimited() {
      return state.rateLimited;
    },
    get pricesSent() {
      return state.pricesSent;
    },
    snapshot: () => state.snapshot(),
    configure(config) {
      if (config.callsPerSecond !== undefined) callsPerSecond = config.callsPerSecond;
      if (config.latencyMs !== undefined) latencyMs = config.latencyMs;
      if (config.accessTokenLifetimeSeconds !== undefined) state.accessTokenLifetime = config.accessTokenLifetimeSeconds;
    },
    failNext(failure) {
      state.failures.push({ ...failure, operationId: failure.operationId ?? null, times: failure.times ?? 1 });
    },
    recover({ operationId, listingId }) {
      state.failures = state.failures.filter(
        (f) => !((operationId === undefined || f.operationId === operationId) && (listingId === undefined || f.listingId === listingId)),
      );
    },
    seedReceipt: (sale) => seedReceipt(sale),
    seedLegacyListing: (seed) => seedLegacyListing(seed),
    copyListing,
    browserPage,
    buy,
    cancelReceipt(receiptId) {
      const receipt = state.receipts.find((r) => r.receipt_id === receiptId);
      if (receipt) {
        receipt.status = 'canceled';
        receipt.updated = now() + 1;
      }
    },
    expireAccessTokens(shopId) {
      for (const token of state.accessTokens.values()) if (shopId === undefined || token.shopId === shopId) token.expiresAt = 0;
    },
    revokeRefreshTokens(shopId) {
      for (const [refresh, grant] of state.refreshTokens)
        if (shopId === undefined || grant.shopId === shopId) state.refreshTokens.delete(refresh);
    },
    reset() {
      state = new FakeEtsyState();
    },
    persistentState: () => state.persistentState(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const fake = await startFakeEtsy({
    port: Number(arg('--port') ?? 4184),
    keystring: arg('--keystring'),
    sharedSecret: arg('--shared-secret'),
    callsPerSecond: arg('--calls-per-second') ? Number(arg('--calls-per-second')) : undefined,
    latencyMs: arg('--latency') ? Number(arg('--latency')) : undefined,
  });
  console.log(`fake Etsy listening on ${fake.url} (keystring ${fake.keystring})`);
}
