/** Everything the fake eBay remembers: keyset, sellers, OAuth grants and tokens, each seller's data, injected failures. */
import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { ebayError, publishFailures, rateLimited, type FakeAnswer, type PublishFailureKind } from './fake-ebay-errors';
import { FakeBrowseAnswers } from './fake-ebay-browse';
import { FakeTraffic } from './fake-ebay-analytics';
import { FakeNegotiation } from './fake-ebay-negotiation';
import { FakeNotifications } from './fake-ebay-notifications';
import type { FakeSiteListing } from './fake-ebay-import';
import { savedStateOf, type SavedFakeState } from '../shared/persistent-state';

export interface FakeSeller {
  userId: string;
  username: string;
  /** The registration address Identity's getUser answers (a default one when unset). */
  address?: { addressLine1?: string; city?: string; stateOrProvince?: string; postalCode?: string; country: string };
}

export interface FakeEbayOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  ruName?: string;
  /** Where the consent page sends the browser (the RuName's accept URL), with code+state or error+state. */
  callbackUrl?: string;
  sellers?: FakeSeller[];
  /** Access tokens live this long (eBay: 7200 s). */
  accessTokenLifetimeSeconds?: number;
  /** Delay before each API answer, like eBay's own (about 200 ms). */
  latencyMs?: number;
  /** API calls allowed per second (all sellers together) before 429s with Retry-After: 1; unlimited when unset. */
  callsPerSecond?: number;
  /** Policy calls fail with 20403 until the seller opts in to business policies (reported eBay behaviour). */
  requireOptIn?: boolean;
  /**
   * Pushes carry only the fields a stored eBay document shows (ORDER_CONFIRMATION: the order id, no seller), not the
   * ones the app once derived (contracts/ebay/DERIVED.md).
   */
  documentedFieldsOnly?: boolean;
  /** A `persistentState()` of an earlier run to start from (the app's simulation, decision 188). */
  saved?: unknown;
  /** Called after each request that may have changed the state (any but GET and HEAD): the simulation saves it. */
  onChange?: () => void;
}

export interface IssuedToken {
  token: string;
  kind: 'user' | 'application';
  scopes: string[];
  expiresAt: number;
  userId?: string;
}

export interface RefreshGrant {
  token: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

interface AuthCode {
  userId: string;
  scopes: string[];
  /** The `state` of the consent that issued it (eBay sends both back together). */
  state: string;
  expiresAt: number;
  used: boolean;
}

export interface FakeOffer {
  offerId: string;
  userId: string;
  sku: string;
  marketplaceId: string;
  format: string;
  status: 'UNPUBLISHED' | 'PUBLISHED';
  /** The Content-Language the offer was last written in (the marketplace's language). */
  contentLanguage?: string;
  listingId?: string;
  details: Record<string, unknown>;
}

export interface FakeListing {
  listingId: string;
  offerId: string;
  userId: string;
  sku: string;
  status: 'ACTIVE' | 'ENDED';
  /** Publishes of this listing, the first included (later ones revise it). */
  publishCount: number;
  /** Changes of the live listing through its offer or its inventory item (PUT offer, PUT inventory_item): revises. */
  revisions: number;
}

export interface FakeOrderLine {
  lineItemId: string;
  sku: string;
  title: string;
  quantity: number;
  /** Decimal strings in the order's currency, as eBay's Amount.value. */
  price: string;
  shipping: string;
  legacyItemId: string;
}

export interface FakeOrder {
  orderId: string;
  /** The seller's eBay user id (whose token reads it). */
  sellerUserId: string;
  sellerUsername: string;
  createdAt: number;
  lastModifiedAt: number;
  fulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  /** When the order was cancelled (its cancelStatus.cancelState is then CANCELED); null while it stands. */
  cancelledAt: number | null;
  currency: string;
  /** The marketplace the listing sold on (its offer's; EBAY_US for one the fake does not know): Finances answers per it. */
  marketplaceId: string;
  lines: FakeOrderLine[];
  /** eBay's fees of each line (decimal strings, in line order) once they are known: its SALE transaction. */
  fees: { lines: string[]; at: number } | null;
}

export interface NewOrderLine {
  sku: string;
  quantity?: number;
  price?: string;
  shipping?: string;
  title?: string;
}

export interface ContractViolation {
  at: number;
  method: string;
  path: string;
  operationId: string | null;
  problems: string[];
}

/** A price the app sent for a listing (an offer's price, created or updated): the bench checks each against the floor. */
export interface SentPrice {
  at: number;
  userId: string;
  sku: string;
  operationId: 'createOffer' | 'updateOffer';
  value: string;
  currency: string;
}

export interface RecordedCall {
  at: number;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
}

interface InjectedFailure {
  operationId: string | null;
  answer: () => FakeAnswer;
  remaining: number;
  /** Only this seller's calls take it (parallel tests each inject for their own seller); any call when null. */
  sellerUserId: string | null;
}

export class SellerData {
  optedIn = false;
  policies = {
    fulfillment: new Map<string, Record<string, unknown>>(),
    payment: new Map<string, Record<string, unknown>>(),
    return: new Map<string, Record<string, unknown>>(),
  };
  locations = new Map<string, Record<string, unknown>>();
  items = new Map<string, Record<string, unknown>>();
  images = new Map<string, { imageUrl: string; bytes: number; contentType: string }>();
}

/** The shape `persistentState()` answers; bumped when it changes (an older file is then set aside). */
const SAVED_EBAY_SHAPE = 1;

export interface SavedEbayState extends SavedFakeState {
  sellers: FakeSeller[];
  accessTokens: Map<string, IssuedToken>;
  refreshGrants: Map<string, RefreshGrant>;
  tokensIssued: FakeEbayState['tokensIssued'];
  sellerData: Map<string, Pick<SellerData, 'optedIn' | 'policies' | 'locations' | 'items' | 'images'>>;
  offers: Map<string, FakeOffer>;
  listings: Map<string, FakeListing>;
  orders: Map<string, FakeOrder>;
  siteListings: Map<string, FakeSiteListing>;
  pictures: Map<string, { contentType: string; data: Buffer }>;
  notifications: Pick<FakeNotifications, 'config' | 'destinations' | 'subscriptions'>;
  negotiation: Pick<FakeNegotiation, 'watchers' | 'offers'>;
  traffic: Pick<FakeTraffic, 'byListing'>;
}

export const newNumericId = (digits = 12) =>
  String(BigInt(`0x${randomBytes(8).toString('hex')}`) % 10n ** BigInt(digits)).padStart(digits, '1');
export const newToken = (prefix: string) => `${prefix}^${randomBytes(24).toString('base64url')}`;

export class FakeEbayState {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly ruName: string;
  callbackUrl: string;
  sellers: FakeSeller[];
  accessTokenLifetimeSeconds: number;
  latencyMs: number;
  requireOptIn: boolean;
  callsPerSecond: number | undefined;
  private windowStart = 0;
  private windowCalls = 0;

  codes = new Map<string, AuthCode>();
  accessTokens = new Map<string, IssuedToken>();
  refreshGrants = new Map<string, RefreshGrant>();
  tokensIssued = { authorization_code: 0, refresh_token: 0, client_credentials: 0 };
  sellerData = new Map<string, SellerData>();
  offers = new Map<string, FakeOffer>();
  listings = new Map<string, FakeListing>();
  orders = new Map<string, FakeOrder>();
  /** Listings made on eBay's site, by listing id (fake-ebay-import.ts). */
  siteListings = new Map<string, FakeSiteListing>();
  /** The pictures eBay hosts (createImageFromFile), by their URL: the listing's view shows them. */
  pictures = new Map<string, { contentType: string; data: Buffer }>();
  /** What the Browse searches answer (fake-ebay-browse.ts). */
  browse = new FakeBrowseAnswers();
  /** Destinations, subscriptions and the pushes sent (fake-ebay-notifications.ts). */
  notifications = new FakeNotifications();
  /** Watchers and seller-initiated offers (fake-ebay-negotiation.ts). */
  negotiation = new FakeNegotiation();
  /** Views and impressions per listing, for the traffic report (fake-ebay-analytics.ts). */
  traffic = new FakeTraffic();
  contractViolations: ContractViolation[] = [];
  calls: RecordedCall[] = [];
  /** Every offer price the app sent (createOffer, updateOffer), in order; the buyers' offers are in `negotiation`. */
  pricesSent: SentPrice[] = [];
  private failures: InjectedFailure[] = [];

  /** The key that signs marketplace account deletion notifications (Notification API getPublicKey serves its public half). */
  readonly notificationKey: { kid: string; privateKey: KeyObject; publicKeyPem: string } = (() => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    // eBay sends the PEM on one line.
    const publicKeyPem = (publicKey.export({ type: 'spki', format: 'pem' }) as string).replace(/\n/g, '');
    return { kid: randomBytes(16).toString('hex'), privateKey, publicKeyPem };
  })();

  /** The X-EBAY-SIGNATURE header eBay would send with this notification body (ECDSA over SHA-1, as eBay's SDK checks). */
  signNotification(body: string): string {
    const signature = createSign('sha1').update(body).sign(this.notificationKey.privateKey, 'base64');
    return Buffer.from(JSON.stringify({ alg: 'ECDSA', kid: this.notificationKey.kid, signature, digest: 'SHA1' })).toString('base64');
  }

  constructor(options: FakeEbayOptions) {
    this.clientId = options.clientId ?? 'FakeSell-resale-SBX-0123456789-abcdef01';
    this.clientSecret = options.clientSecret ?? 'SBX-0123456789ab-cdef-0123-4567-89ab';
    this.ruName = options.ruName ?? 'Fake_Seller-FakeSell-resale-abcdefgh';
    this.callbackUrl = options.callbackUrl ?? 'http://127.0.0.1:4173/ebay-callback';
    this.sellers = options.sellers ?? [{ userId: 'fakeuser01immutable', username: 'fake_seller' }];
    this.accessTokenLifetimeSeconds = options.accessTokenLifetimeSeconds ?? 7200;
    this.notifications.documentedFieldsOnly = options.documentedFieldsOnly ?? false;
    this.latencyMs = options.latencyMs ?? 0;
    this.requireOptIn = options.requireOptIn ?? true;
    this.callsPerSecond = options.callsPerSecond;
  }

  /** Counts one API call against the per-second limit; false when this second's calls are used up. */
  takeCallSlot(now = Date.now()): boolean {
    if (!this.callsPerSecond) return true;
    const second = Math.floor(now / 1000);
    if (second !== this.windowStart) {
      this.windowStart = second;
      this.windowCalls = 0;
    }
    this.windowCalls += 1;
    return this.windowCalls <= this.callsPerSecond;
  }

  seller(userId: string): SellerData {
    let data = this.sellerData.get(userId);
    if (!data) this.sellerData.set(userId, (data = new SellerData()));
    return data;
  }

  /** A code for the seller's consent, kept with the `state` its consent page was opened with. */
  newCode(userId: string, scopes: string[], state = ''): string {
    const code = `v^1.1#i^1#${randomBytes(18).toString('base64url')}`;
    this.codes.set(code, { userId, scopes, state, expiresAt: Date.now() + 299_000, used: false });
    return code;
  }

  /** Whether the code was issued by a consent opened with `state` (the simulation binds the two). */
  codeIssuedWith(code: string, state: string): boolean {
    const grant = this.codes.get(code);
    return Boolean(grant && !grant.used && grant.state === state);
  }

  /** The code, once: a used or expired code is gone. */
  takeCode(code: string): AuthCode | null {
    const grant = this.codes.get(code);
    if (!grant || grant.used || grant.expiresAt < Date.now()) return null;
    grant.used = true;
    return grant;
  }

  issueAccessToken(kind: IssuedToken['kind'], scopes: string[], userId?: string): IssuedToken {
    const issued = {
      token: newToken(kind === 'user' ? 'v^1.1#u' : 'v^1.1#a'),
      kind,
      scopes,
      userId,
      expiresAt: Date.now() + this.accessTokenLifetimeSeconds * 1000,
    };
    this.accessTokens.set(issued.token, issued);
    return issued;
  }

  issueRefreshToken(userId: string, scopes: string[]): RefreshGrant {
    const grant = { token: newToken('v^1.1#r'), userId, scopes, expiresAt: Date.now() + 47_304_000_000, revoked: false };
    this.refreshGrants.set(grant.token, grant);
    return grant;
  }

  /** A live access token, or null when unknown or expired. */
  validAccessToken(token: string): IssuedToken | null {
    const issued = this.accessTokens.get(token);
    return issued && issued.expiresAt > Date.now() ? issued : null;
  }

  /** An inventory item the seller already holds under this SKU, as if made on eBay's site or by another tool. */
  seedInventoryItem(sellerUserId: string, sku: string, item: Record<string, unknown> = {}) {
    this.seller(sellerUserId).items.set(sku, {
      product: { title: 'Listed elsewhere', imageUrls: ['https://i.ebayimg.sandbox.ebay.com/images/g/seeded/s-l1600.jpg'] },
      condition: 'USED_EXCELLENT',
      availability: { shipToLocationAvailability: { quantity: 1 } },
      ...item,
      sku,
      locale: 'en_US',
    });
  }

  // ---- orders ----

  /** The marketplace a listing is on: its offer's (a listing the fake knows no offer of is on EBAY_US). */
  listingMarketplace(listing: Pick<FakeListing, 'offerId'>): string {
    return this.offers.get(listing.offerId)?.marketplaceId ?? 'EBAY_US';
  }

  private listingCurrency(sellerUserId: string, sku: string | undefined): string | undefined {
    const offer = [...this.offers.values()].find((o) => o.userId === sellerUserId && o.sku === sku);
    return (offer?.details as { pricingSummary?: { price?: { currency?: string } } } | undefined)?.pricingSummary?.price?.currency;
  }

  /**
   * What a buyer pays for shipping the offer of this SKU, as its fulfillment policy charges it: its first shipping
   * service's cost ("0.00" with free shipping); undefined when the offer names no policy the fake holds.
   */
  policyShipping(sellerUserId: string, sku: string): string | undefined {
    const offer = [...this.offers.values()].find((o) => o.userId === sellerUserId && o.sku === sku);
    const policyId = (offer?.details.listingPolicies as { fulfillmentPolicyId?: string } | undefined)?.fulfillmentPolicyId;
    const policy = policyId ? this.seller(sellerUserId).policies.fulfillment.get(policyId) : undefined;
    const service = (
      policy?.shippingOptions as { shippingServices?: { freeShipping?: boolean; shippingCost?: { value?: string } }[] }[] | undefined
    )?.[0]?.shippingServices?.[0];
    if (!service) return undefined;
    return service.freeShipping ? '0.00' : (service.shippingCost?.value ?? '0.00');
  }

  /** A buyer's order from the seller, one line per entry (any SKU, live or not); answers it. */
  addOrder(
    sellerUserId: string,
    lines: NewOrderLine[],
    options: { at?: number; currency?: string; fulfillmentStatus?: FakeOrder['fulfillmentStatus'] } = {},
  ): FakeOrder {
    const at = options.at ?? Date.now();
    const orderId = `${newNumericId(2)}-${newNumericId(5)}-${newNumericId(5)}`;
    const order: FakeOrder = {
      orderId,
      sellerUserId,
      sellerUsername: this.sellers.find((s) => s.userId === sellerUserId)?.username ?? sellerUserId,
      createdAt: at,
      lastModifiedAt: at,
      fulfillmentStatus: options.fulfillmentStatus ?? 'NOT_STARTED',
      cancelledAt: null,
      // The listing's own currency (its offer's price: GBP on EBAY_GB), as a buyer pays in it.
      currency: options.currency ?? this.listingCurrency(sellerUserId, lines[0]?.sku) ?? 'USD',
      marketplaceId:
        [...this.offers.values()].find((o) => o.userId === sellerUserId && o.sku === lines[0]?.sku)?.marketplaceId ?? 'EBAY_US',
      fees: null,
      lines: lines.map((line) => {
        const offer = [...this.offers.values()].find((o) => o.userId === sellerUserId && o.sku === line.sku);
        const price = (offer?.details as { pricingSummary?: { price?: { value?: string } } } | undefined)?.pricingSummary?.price?.value;
        return {
          lineItemId: newNumericId(14),
          sku: line.sku,
          title: line.title ?? String((this.seller(sellerUserId).items.get(line.sku)?.product as { title?: string })?.title ?? line.sku),
          quantity: line.quantity ?? 1,
          price: line.price ?? price ?? '10.00',
          shipping: line.shipping ?? '0.00',
          legacyItemId: offer?.listingId ?? newNumericId(12),
        };
      }),
    };
    this.orders.set(orderId, order);
    this.notifications.orderPlaced(order, (body) => this.signNotification(body));
    return order;
  }

  /**
   * A buyer buys the live listing of a published offer's SKU (the seller is the offer's): the order, and the listing
   * ended when its whole available quantity is sold.
   */
  sell(sku: string, line: Omit<NewOrderLine, 'sku'> & { at?: number; sellerUserId?: string } = {}): FakeOrder {
    const offer = [...this.offers.values()].find(
      (o) => o.sku === sku && o.status === 'PUBLISHED' && o.listingId && (!line.sellerUserId || o.userId === line.sellerUserId),
    );
    if (!offer) throw new Error(`fake eBay: no published offer for SKU ${sku}`);
    const listing = this.listings.get(offer.listingId!);
    if (!listing || listing.status !== 'ACTIVE') throw new Error(`fake eBay: the listing of SKU ${sku} is not live`);
    const order = this.addOrder(offer.userId, [{ ...line, sku }], { at: line.at });
    // As on eBay: the sale takes its units off the offer's available quantity; the listing ends at none left.
    const left = Number(offer.details.availableQuantity ?? 1) - (line.quantity ?? 1);
    offer.details = { ...offer.details, availableQuantity: Math.max(0, left) };
    if (left <= 0) listing.status = 'ENDED';
    return order;
  }

  /** The buyer or seller cancels the order: every line stops being a sale, and the order shows as modified. */
  cancelOrder(orderId: string, at = Date.now()) {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`fake eBay: no order ${orderId}`);
    order.cancelledAt = at;
    order.lastModifiedAt = at;
  }

  /**
   * eBay charges its fees for the order (they come later than the order): each line's, in line order, or by default
   * eBay's usual 13.25% of the line's price and shipping plus $0.30 on the order's first line.
   */
  setOrderFees(orderId: string, lineFees?: string[], at = Date.now()) {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`fake eBay: no order ${orderId}`);
    const usual = (line: FakeOrderLine, index: number) =>
      ((Number(line.price) + Number(line.shipping)) * 0.1325 + (index === 0 ? 0.3 : 0)).toFixed(2);
    order.fees = { lines: order.lines.map((line, index) => lineFees?.[index] ?? usual(line, index)), at };
  }

  // Random, and never one already held (a restored offer's or listing's included).
  newOfferId = (): string => {
    const id = newNumericId(10);
    return this.offers.has(id) ? this.newOfferId() : id;
  };
  newListingId = (): string => {
    const id = newNumericId(12);
    return this.listings.has(id) || this.siteListings.has(id) ? this.newListingId() : id;
  };

  /**
   * A copy of a live listing under another SKU (its inventory item, published offer and listing, new ids): benches
   * seed many live listings at once from one the app published (bench/support/listed-copies.ts).
   */
  copyLiveListing(listingId: string, sku: string): { listingId: string; offerId: string } {
    const listing = this.listings.get(listingId);
    const offer = listing && this.offers.get(listing.offerId);
    const item = listing && this.seller(listing.userId).items.get(listing.sku);
    if (!listing || !offer || !item || listing.status !== 'ACTIVE') throw new Error(`fake eBay: no live listing ${listingId} to copy`);
    const copy = { listingId: this.newListingId(), offerId: this.newOfferId() };
    this.seller(listing.userId).items.set(sku, { ...structuredClone(item), sku });
    this.offers.set(copy.offerId, { ...structuredClone(offer), ...copy, sku });
    this.listings.set(copy.listingId, { ...listing, ...copy, sku, publishCount: 1, revisions: 0 });
    return copy;
  }

  record(call: Omit<RecordedCall, 'at'>) {
    this.calls.push({ at: Date.now(), ...call });
  }

  // ---- injected failures ----

  /** The next `times` calls of the operation (any operation when null), of one seller when given, answer this instead. */
  injectFailure(operationId: string | null, answer: () => FakeAnswer, times = 1, sellerUserId: string | null = null) {
    this.failures.push({ operationId, answer, remaining: times, sellerUserId });
  }

  failNext(
    operationId: string | null,
    failure: { status: number; errorId: number; message: string; parameters?: { name: string; value: string }[] },
    times = 1,
    sellerUserId: string | null = null,
  ) {
    this.injectFailure(
      operationId,
      () => ebayError(failure.status, failure.errorId, failure.message, { parameters: failure.parameters }),
      times,
      sellerUserId,
    );
  }

  failPublish(kind: PublishFailureKind, times = 1, sellerUserId: string | null = null) {
    this.injectFailure('publishOffer', publishFailures[kind], times, sellerUserId);
  }

  rateLimitNext(times = 1, retryAfterSeconds = 1, operationId: string | null = null, sellerUserId: string | null = null) {
    this.injectFailure(operationId, () => rateLimited(retryAfterSeconds), times, sellerUserId);
  }

  /** Drops every injected failure not used up yet (eBay is back). */
  clearFailures() {
    this.failures = [];
  }

  /** The injected answer for this operation (and the calling seller, when known), used up once; null when none applies. */
  takeFailure(operationId: string, sellerUserId: string | null = null): FakeAnswer | null {
    const failure = this.failures.find(
      (f) =>
        f.remaining > 0 &&
        (f.operationId === null || f.operationId === operationId) &&
        (f.sellerUserId === null || f.sellerUserId === sellerUserId),
    );
    if (!failure) return null;
    failure.remaining -= 1;
    this.failures = this.failures.filter((f) => f.remaining > 0);
    return failure.answer();
  }

  // ---- token control ----

  expireAccessTokens(userId?: string) {
    for (const token of this.accessTokens.values()) if (!userId || token.userId === userId) token.expiresAt = Date.now() - 1;
  }

  revokeRefreshTokens(userId?: string) {
    for (const grant of this.refreshGrants.values()) if (!userId || grant.userId === userId) grant.revoked = true;
  }

  reset() {
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshGrants.clear();
    this.tokensIssued = { authorization_code: 0, refresh_token: 0, client_credentials: 0 };
    this.sellerData.clear();
    this.offers.clear();
    this.listings.clear();
    this.orders.clear();
    this.siteListings.clear();
    this.pictures.clear();
    this.browse.reset();
    this.notifications.reset();
    this.negotiation.reset();
    this.traffic.reset();
    this.contractViolations = [];
    this.calls = [];
    this.pricesSent = [];
    this.failures = [];
  }

  // ---- kept between runs (the app's simulation, decision 188) ----

  /**
   * What a seller's flow needs to go on after a restart: accounts, tokens and refresh grants, each seller's policies,
   * locations, inventory and images, offers, listings, orders, hosted pictures, notification subscriptions, watchers
   * and offers, traffic. Not the test records (calls, contract violations, injected failures), nor the signing key.
   */
  persistentState(): SavedEbayState {
    return {
      fake: 'ebay',
      shape: SAVED_EBAY_SHAPE,
      sellers: this.sellers,
      accessTokens: this.accessTokens,
      refreshGrants: this.refreshGrants,
      tokensIssued: this.tokensIssued,
      sellerData: new Map(
        [...this.sellerData].map(([userId, data]) => [
          userId,
          { optedIn: data.optedIn, policies: data.policies, locations: data.locations, items: data.items, images: data.images },
        ]),
      ),
      offers: this.offers,
      listings: this.listings,
      orders: this.orders,
      siteListings: this.siteListings,
      pictures: this.pictures,
      notifications: {
        config: this.notifications.config,
        destinations: this.notifications.destinations,
        subscriptions: this.notifications.subscriptions,
      },
      negotiation: { watchers: this.negotiation.watchers, offers: this.negotiation.offers },
      traffic: { byListing: this.traffic.byListing },
    };
  }

  /** Puts back a `persistentState()`; throws (changing nothing) when `saved` is not one of this shape. */
  restoreState(saved: unknown) {
    const s = savedStateOf<SavedEbayState>(saved, 'ebay', SAVED_EBAY_SHAPE);
    const sellerData = new Map([...s.sellerData].map(([userId, data]) => [userId, Object.assign(new SellerData(), data)]));
    this.sellers = s.sellers;
    this.accessTokens = s.accessTokens;
    this.refreshGrants = s.refreshGrants;
    this.tokensIssued = s.tokensIssued;
    this.sellerData = sellerData;
    this.offers = s.offers;
    this.listings = s.listings;
    this.orders = s.orders;
    this.siteListings = s.siteListings;
    this.pictures = s.pictures;
    Object.assign(this.notifications, s.notifications);
    Object.assign(this.negotiation, s.negotiation);
    Object.assign(this.traffic, s.traffic);
  }

  /** What tests inspect (also served at GET /__control/state). */
  snapshot() {
    const sellers = Object.fromEntries(
      [...this.sellerData].map(([userId, data]) => [
        userId,
        {
          optedIn: data.optedIn,
          policies: {
            fulfillment: [...data.policies.fulfillment.values()],
            payment: [...data.policies.payment.values()],
            return: [...data.policies.return.values()],
          },
          locations: Object.fromEntries(data.locations),
          inventoryItems: Object.fromEntries(data.items),
          images: [...data.images.values()],
        },
      ]),
    );
    return {
      sellers,
      offers: [...this.offers.values()],
      listings: [...this.listings.values()],
      orders: [...this.orders.values()],
      watchers: Object.fromEntries(this.negotiation.watchers),
      sellerOffers: this.negotiation.offers,
      tokensIssued: { ...this.tokensIssued },
      refreshCount: this.tokensIssued.refresh_token,
      contractViolations: this.contractViolations,
      calls: this.calls,
    };
  }
}
