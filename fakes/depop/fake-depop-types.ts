/** The fake Depop's interface (depop-server.ts makes it): its options, its configuration and what tests do with it. */
import type { FeeSchedule } from './fake-depop-orders';
import type { FakeDepopState, FakeOrder, FakeSeller } from './fake-depop-state';

export interface FakeDepopOptions {
  /** Its address: where its pictures and pages are (startFakeDepop's own; in-process http://depop.fake by default). */
  url?: string;
  clientId?: string;
  clientSecret?: string;
  /** The partner's registered redirect URIs: a consent naming another is refused. Unset: any is taken. */
  redirectUris?: readonly string[];
  webhookUrl?: string;
  webhookSecret?: string;
  /** How webhooks are sent (an in-process receiver in tests); fetch by default. */
  webhookFetch?: typeof fetch;
  fees?: FeeSchedule;
  /** Words shown on its pages (the simulation's label). */
  label?: string;
  now?: () => number;
  /** A `persistentState()` of an earlier run to start from (the app's simulation, decision 188). */
  saved?: unknown;
  /** Called after each request that may have changed the state (any but GET and HEAD): the simulation saves it. */
  onChange?: () => void;
}

export interface FakeDepopConfig {
  accessTokenLifetimeSeconds?: number;
  codeLifetimeSeconds?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  fees?: FeeSchedule;
}

export interface FakeDepop {
  url: string;
  clientId: string;
  clientSecret: string;
  readonly webhookSecret: string;
  /** One request answered: the fake in-process, and what the standalone server serves. */
  handle(request: Request): Promise<Response>;
  /** A fetch that goes to `handle`: for a client whose base URL is `url`. */
  fetch: typeof fetch;
  readonly contractViolations: { method: string; path: string; problems: string[] }[];
  /** Requests per operation id. */
  readonly calls: Record<string, number>;
  snapshot(): ReturnType<FakeDepopState['snapshot']>;
  configure(config: FakeDepopConfig): void;
  /** The next `times` calls of the operation (any: null) answer this error. */
  failNext(failure: { operationId?: string | null; status: number; code?: string; message?: string; times?: number }): void;
  /** A seller and their shop's API key (every scope). */
  addSeller(seller?: { username?: string; countryCode?: string; manualShippingAllowed?: boolean }): { seller: FakeSeller; apiKey: string };
  /** A user likes (or unlikes) the seller's product: a buyer an offer may go to, and the webhook. */
  like(sellerId: number, sku: string, likerId: number, liked?: boolean): void;
  /** The site's test buyer buys the seller's product (as the staging purchase endpoint does): the order, and its webhook. */
  purchase(sellerId: number, sku: string): FakeOrder;
  /** Depop refunds the order in full (a dispute, an auto-cancel): `refunded_by` DEPOP, and the webhook. */
  refundByDepop(purchaseId: string): FakeOrder;
  /** A product listed in Depop's app (several sizes: `sizeIds`). */
  seedProduct(sellerId: number, seed: { sku: string; price: string; sizeIds?: number[]; quantity?: number }): { productId: number };
  /** Ends the access tokens (of one seller, or all) before their time: calls answer 401 `unauthorized`, "access token expired". */
  expireAccessTokens(sellerId?: number): void;
  /** Revokes the refresh tokens (of one seller, or all): a refresh answers `invalid_refresh_token`. */
  revokeRefreshTokens(sellerId?: number): void;
  /** Every webhook under way delivered (or failed). */
  webhooksSettled(): Promise<void>;
  reset(): void;
  /** What the app's simulation keeps between runs (FakeDepopState.persistentState). */
  persistentState(): unknown;
}
