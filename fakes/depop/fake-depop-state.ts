/**
 * What the fake Depop holds: its sellers (each a shop with its own products and orders, reached by the seller's API
 * key or OAuth tokens), products by id, orders, the OAuth codes and tokens, and what it recorded (contract violations,
 * calls per operation, webhook deliveries). Amounts are Money (integer minor units, src/shared/domain/money.ts).
 */
import type { Money } from '../../src/shared/domain/money';
import { savedStateOf, type SavedFakeState } from '../shared/persistent-state';

/** The shape `persistentState()` answers; bumped when it changes (an older file is then set aside). */
const SAVED_DEPOP_SHAPE = 1;

type SavedDepopState = SavedFakeState &
  Pick<FakeDepopState, 'nextId' | 'sellers' | 'products' | 'skus' | 'orders' | 'accessTokens' | 'refreshTokens' | 'apiKeys'>;

export interface FakeSeller {
  id: number;
  username: string;
  /** GB or US: Depop's sites; the shop prices in its currency. */
  countryCode: string;
  currency: string;
  /** Some sellers must ship with Depop (the document's `manual_shipping_not_allowed`). */
  manualShippingAllowed: boolean;
}

export type ProductStatus = 'STATUS_ONSALE' | 'STATUS_PURCHASED' | 'STATUS_MARKED_AS_SOLD' | 'STATUS_DELETED';

export interface DepopShipping {
  address_id: number;
  shipping_provider_id: string;
  parcel_size_id: string;
  payer: 'buyer' | 'seller';
}

export interface FakeProduct {
  productId: number;
  sellerId: number;
  sku: string | null;
  slug: string;
  status: ProductStatus;
  address: { country_code: string; state?: string };
  description: string;
  price: Money;
  discount: Money | null;
  autoSendOffer: Money | null;
  autoNegotiateOffer: Money | null;
  nationalShipping: Money | null;
  internationalShipping: Money | null;
  depopShipping: DepopShipping | null;
  quantity: number;
  pictures: string[];
  department: string;
  productType: string;
  sizeSetId: number | null;
  /** The product's sizes: one from the API (size_id); several when seeded as listed in Depop's app. */
  sizeIds: number[];
  condition: string | null;
  colour: string[];
  style: string[];
  age: string[];
  source: string[];
  brand: string;
  attributes: Record<string, string[]>;
  isBoosted: boolean;
  createdAt: string;
  updatedAt: string;
  /** Users who liked it: the only buyers an offer may be sent to (and the like webhooks). */
  likers: Set<number>;
  /** Offers sent to buyers and still open (a delete with fail_if_active_offers answers 409). */
  activeOffers: { recipientId: number; value: Money }[];
}

export interface FeeLine {
  fee_type: 'PAYMENT_FEE' | 'BOOSTED_FEE' | 'DEPOP_FEE' | 'SHIPPING_FEE';
  amount: Money;
}

export interface FakeRefund {
  items: Money;
  shipping: Money;
  refundedBy: 'PARTNER' | 'DEPOP';
  date: string;
  /** What the seller gets back of each fee. */
  sellerRefunds: { ads: Money; payment: Money; depop: Money; shipping: Money };
}

export interface FakeOrder {
  purchaseId: number;
  sellerId: number;
  status: 'SHIPPING_PENDING' | 'SHIPPED' | 'REFUNDED' | 'CANCELLED' | 'COMPLETED';
  currency: string;
  buyerId: number;
  buyerPays: Money;
  buyerShipping: Money;
  fees: FeeLine[];
  sellerReceives: Money;
  line: {
    purchaseItemId: number;
    sku: string | null;
    productId: number;
    slug: string;
    parcelId: string;
    description: string;
    originalPrice: Money;
    soldPrice: Money;
    imageUrl: string;
  };
  depopShipping: boolean;
  createdAt: string;
  refund: FakeRefund | null;
}

export interface GrantedToken {
  sellerId: number;
  scopes: string[];
  /** Epoch ms; an API key never expires. */
  expiresAt: number;
}

export interface WebhookDelivery {
  eventType: string;
  url: string;
  body: string;
  timestamp: number;
  signature: string;
  /** The receiver's status, or why there was none. */
  outcome: number | string;
}

export class FakeDepopState {
  nextId = 7_033_001;
  sellers = new Map<number, FakeSeller>();
  products = new Map<number, FakeProduct>();
  /** Each seller's SKUs, deleted products' too (a SKU is never reused). */
  skus = new Map<number, Map<string, number>>();
  orders: FakeOrder[] = [];
  codes = new Map<
    string,
    { sellerId: number; scopes: string[]; challenge: string; redirectUri: string; clientId: string; expiresAt: number }
  >();
  accessTokens = new Map<string, GrantedToken>();
  refreshTokens = new Map<string, GrantedToken>();
  apiKeys = new Map<string, GrantedToken>();
  contractViolations: { method: string; path: string; problems: string[] }[] = [];
  calls: Record<string, number> = {};
  failures: { operationId: string | null; status: number; code: string; message: string; times: number }[] = [];
  tokenRequests: { grantType: string; ok: boolean }[] = [];
  webhooks: WebhookDelivery[] = [];

  id() {
    return this.nextId++;
  }

  /**
   * What a seller's flow needs after a restart (the app's simulation, decision 188): the id counter, sellers, products
   * (their likers included), SKUs, orders, tokens, refresh grants and API keys; not the test records (calls, contract
   * violations, injected failures, webhook deliveries).
   */
  persistentState(): SavedDepopState {
    const { nextId, sellers, products, skus, orders, accessTokens, refreshTokens, apiKeys } = this;
    return { fake: 'depop', shape: SAVED_DEPOP_SHAPE, nextId, sellers, products, skus, orders, accessTokens, refreshTokens, apiKeys };
  }

  /** Puts back a `persistentState()`; throws (changing nothing) when `saved` is not one of this shape. */
  restoreState(saved: unknown) {
    const { fake: _fake, shape: _shape, ...kept } = savedStateOf<SavedDepopState>(saved, 'depop', SAVED_DEPOP_SHAPE);
    Object.assign(this, kept);
    // Never an id already given: past the highest restored one, whatever the counter said.
    const ids = [...this.sellers.keys(), ...this.products.keys(), ...this.orders.flatMap((o) => [o.purchaseId, o.line.purchaseItemId])];
    const highest = ids.reduce((most, id) => Math.max(most, id), 0);
    this.nextId = Math.max(this.nextId, highest + 1);
  }

  productBySku(sellerId: number, sku: string): FakeProduct | undefined {
    const id = this.skus.get(sellerId)?.get(sku);
    return id === undefined ? undefined : this.products.get(id);
  }

  snapshot() {
    return {
      sellers: [...this.sellers.values()],
      products: [...this.products.values()].map((p) => ({ ...p, likers: [...p.likers] })),
      orders: this.orders,
      contractViolations: this.contractViolations,
      calls: this.calls,
      tokenRequests: this.tokenRequests,
      webhooks: this.webhooks,
    };
  }
}

/** One API call as the fake's handlers see it: the caller's seller and scopes, and the request's parts. */
export interface DepopCall {
  state: FakeDepopState;
  seller: FakeSeller;
  /** The token's scopes (an API key's: all of them). */
  scopes: readonly string[];
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body (an empty object when there is none). */
  body: Record<string, unknown>;
  /** Where the fake's pages and pictures are served. */
  pages: string;
  now: () => number;
  /** A webhook to the partner's URL (v1:order.new, v1:order.refund, v1:product.like), signed as GUIDES.md says. */
  emit: (eventType: string, data: unknown) => void;
}
