/**
 * The Notification API in the fake (contracts/ebay/commerce_notification_v1_oas3.json): the app's destinations
 * (application token), a seller's subscriptions (user token), and the push itself: when the fake records an order
 * of a seller subscribed to ORDER_CONFIRMATION at an enabled destination, it POSTs one signed message per order line
 * to that destination (contracts/ebay/order_confirmation.md; X-EBAY-SIGNATURE with the key getPublicKey serves).
 * getPublicKey is in fake-ebay-services.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ApiCall, ApiHandler } from './fake-ebay-api-call';
import type { FakeEbayState } from './fake-ebay-state';
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import type { FakeOrder } from './fake-ebay-state';

export interface FakeDestination {
  destinationId: string;
  name: string;
  status: string;
  endpoint: string;
  verificationToken: string;
}

export interface FakeSubscription {
  subscriptionId: string;
  /** The eBay user whose token made it. */
  userId: string;
  topicId: string;
  destinationId: string;
  status: string;
  payload: Record<string, unknown>;
}

/** One message the fake pushed, and how the destination answered (0: not reached). */
export interface FakePush {
  endpoint: string;
  body: string;
  /** Its X-EBAY-SIGNATURE header. */
  signature: string;
  status: number;
}

const notificationError = (status: number, errorId: number, message: string) =>
  ebayError(status, errorId, message, { domain: 'API_NOTIFICATION' });

/** How the fake reaches a destination: a GET (the challenge) or a POST (a push); status 0 when not reached. */
export type FakeReach = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  text: string;
}>;

const reachByFetch: FakeReach = async (url, init) => {
  try {
    const answer = await fetch(url, init);
    return { status: answer.status, text: await answer.text() };
  } catch {
    return { status: 0, text: '' };
  }
};

const challengeAnswered = (text: string, expected: string) => {
  try {
    return (JSON.parse(text) as { challengeResponse?: unknown }).challengeResponse === expected;
  } catch {
    return false;
  }
};

/** What the fake holds of the Notification API, and its pushes. */
export class FakeNotifications {
  /** The application's notification config (updateConfig): without it, no destination or subscription (409 195003). */
  config: { alertEmail: string } | null = null;
  destinations = new Map<string, FakeDestination>();
  subscriptions = new Map<string, FakeSubscription>();
  pushes: FakePush[] = [];
  /** Challenges sent to endpoints (createDestination, updateDestination) and whether each was answered right. */
  challenges: { endpoint: string; passed: boolean }[] = [];
  /**
   * Public origin to the address that serves it (a TLS proxy in front of the app): the challenge and the pushes to an
   * endpoint under a key go to its value instead.
   */
  forwards = new Map<string, string>();
  /**
   * The documented fields only: ORDER_CONFIRMATION's data is the order id alone (its description: the seller looks up
   * the orderId), without the `sellerId` no stored eBay document shows (contracts/ebay/DERIVED.md).
   */
  documentedFieldsOnly = false;
  /** How a destination is reached (fetch by default; a test may answer in-process). */
  reach: FakeReach = reachByFetch;
  private inFlight = new Set<Promise<void>>();

  reset() {
    this.config = null;
    this.destinations.clear();
    this.subscriptions.clear();
    this.pushes = [];
    this.challenges = [];
  }

  /** The URL a request to `endpoint` really goes to (forwards applied). */
  private routed(endpoint: string): string {
    for (const [from, to] of this.forwards) if (endpoint.startsWith(from)) return to + endpoint.slice(from.length);
    return endpoint;
  }

  /**
   * eBay's challenge before it registers an endpoint (Notification API overview; the SDK's validator.js): a GET with
   * ?challenge_code=..., answered 200 with {"challengeResponse": sha256hex(code + verificationToken + endpoint)}.
   */
  async challenge(endpoint: string, verificationToken: string): Promise<boolean> {
    const code = randomUUID();
    const expected = createHash('sha256').update(code).update(verificationToken).update(endpoint).digest('hex');
    const url = new URL(this.routed(endpoint));
    url.searchParams.set('challenge_code', code);
    const answer = await this.reach(url.toString(), { method: 'GET' });
    const passed = answer.status === 200 && challengeAnswered(answer.text, expected);
    this.challenges.push({ endpoint, passed });
    return passed;
  }

  /** The signed ORDER_CONFIRMATION messages of an order, one per line, to each enabled destination subscribed. */
  orderPlaced(order: FakeOrder, sign: (body: string) => string) {
    for (const subscription of this.subscriptions.values()) {
      if (subscription.userId !== order.sellerUserId || subscription.topicId !== 'ORDER_CONFIRMATION') continue;
      const destination = this.destinations.get(subscription.destinationId);
      if (subscription.status !== 'ENABLED' || destination?.status !== 'ENABLED') continue;
      for (const _line of order.lines) {
        const now = new Date().toISOString();
        const body = JSON.stringify({
          metadata: { topic: 'ORDER_CONFIRMATION', schemaVersion: '1.0', deprecated: false },
          notification: {
            notificationId: randomUUID(),
            eventDate: new Date(order.createdAt).toISOString(),
            publishDate: now,
            publishAttemptCount: 1,
            data: this.documentedFieldsOnly ? { orderId: order.orderId } : { orderId: order.orderId, sellerId: order.sellerUsername },
          },
        });
        this.post(destination.endpoint, body, sign(body));
      }
    }
  }

  private post(endpoint: string, body: string, signature: string) {
    const push: FakePush = { endpoint, body, signature, status: 0 };
    this.pushes.push(push);
    const sent = this.reach(this.routed(endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ebay-signature': signature },
      body,
    })
      .then((answer) => {
        push.status = answer.status;
      })
      .finally(() => this.inFlight.delete(sent));
    this.inFlight.add(sent);
  }

  /** Resolves once every push sent so far was answered (tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }
}

const destinationView = (d: FakeDestination) => ({
  destinationId: d.destinationId,
  name: d.name,
  status: d.status,
  deliveryConfig: { endpoint: d.endpoint, verificationToken: d.verificationToken },
});

const subscriptionView = (s: FakeSubscription) => ({
  subscriptionId: s.subscriptionId,
  topicId: s.topicId,
  destinationId: s.destinationId,
  status: s.status,
  payload: s.payload,
  creationDate: new Date().toISOString(),
});

/** eBay's rule for a verification token: 32 to 80 characters of letters, digits, _ and -. */
const tokenFits = (token: unknown) => typeof token === 'string' && /^[A-Za-z0-9_-]{32,80}$/.test(token);
/** A name of up to 64 characters without markup (195016). */
const nameFits = (name: unknown) => name === undefined || (typeof name === 'string' && name.length <= 64 && !/[<>]/.test(name));
const statuses = ['ENABLED', 'DISABLED'];
/**
 * The scope ORDER_CONFIRMATION needs beside the subscription scope (derived, not read: eBay's getTopic names a topic's
 * authorizationScopes; the order is the seller's, read with sell.fulfillment or its read-only form). Without either:
 * 403 195011.
 */
const ORDER_CONFIRMATION_SCOPES = [
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly',
];
const emailFits = (email: unknown) => typeof email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
/** getDestinations and getSubscriptions: limit 10 to 100 (195004); a continuation token the fake never gave (195005). */
function pageError(call: ApiCall): FakeAnswer | null {
  const limit = call.query.get('limit');
  if (limit !== null && !(/^\d+$/.test(limit) && Number(limit) >= 10 && Number(limit) <= 100))
    return notificationError(400, 195004, 'Invalid limit. Supported ranges 10 - 100.');
  if (call.query.has('continuation_token')) return notificationError(400, 195005, 'Invalid continuation token.');
  return null;
}
const noConfig = () => notificationError(409, 195003, 'Please provide configurations required for notifications. Refer to /config');

/** The destination request's checks shared by create and update: 195016-195019, then the challenge (195020). */
async function destinationError(call: ApiCall, state: FakeEbayState, except?: string): Promise<FakeAnswer | null> {
  const { name, status } = call.json ?? {};
  const endpoint = call.json?.deliveryConfig?.endpoint;
  const verificationToken = call.json?.deliveryConfig?.verificationToken;
  if (!nameFits(name)) return notificationError(400, 195016, 'Invalid name. Markups or lengths greater than 64 not supported');
  if (typeof endpoint !== 'string' || !endpoint.startsWith('https://'))
    return notificationError(400, 195017, 'Invalid or missing endpoint.');
  if (!statuses.includes(status))
    return notificationError(400, 195018, 'Invalid or missing destination status. Supported values:[ENABLED,DISABLED]');
  if (!tokenFits(verificationToken)) return notificationError(400, 195019, 'Invalid or missing verification token for this endpoint.');
  if ([...state.notifications.destinations.values()].some((d) => d.endpoint === endpoint && d.destinationId !== except))
    return notificationError(409, 195021, 'Destination exists for this endpoint');
  if (!(await state.notifications.challenge(endpoint, verificationToken)))
    return notificationError(409, 195020, 'Challenge verification failed for requested endpoint');
  return null;
}

export const notificationHandlers: Record<string, ApiHandler> = {
  getConfig(_call, state) {
    if (!state.notifications.config) return notificationError(404, 195026, 'Configuration Not Found.');
    return { status: 200, body: state.notifications.config };
  },
  updateConfig(call, state) {
    const alertEmail = call.json?.alertEmail;
    if (!emailFits(alertEmail)) return notificationError(400, 195025, 'Invalid or missing email.');
    state.notifications.config = { alertEmail };
    return { status: 204 };
  },
  getDestinations(call, state) {
    const refused = pageError(call);
    if (refused) return refused;
    const destinations = [...state.notifications.destinations.values()].map(destinationView);
    return { status: 200, body: { total: destinations.length, limit: 100, destinations } };
  },
  async createDestination(call, state) {
    if (!state.notifications.config) return noConfig();
    const refused = await destinationError(call, state);
    if (refused) return refused;
    const destinationId = randomUUID();
    state.notifications.destinations.set(destinationId, {
      destinationId,
      name: call.json?.name ?? '',
      status: call.json.status,
      endpoint: call.json.deliveryConfig.endpoint,
      verificationToken: call.json.deliveryConfig.verificationToken,
    });
    return { status: 201, headers: { location: `${call.origin}/commerce/notification/v1/destination/${destinationId}` } };
  },
  async updateDestination(call, state) {
    const existing = state.notifications.destinations.get(call.params.destination_id!);
    if (!existing) return notificationError(404, 195022, 'Invalid or missing destination id.');
    const refused = await destinationError(call, state, existing.destinationId);
    if (refused) return refused;
    Object.assign(existing, {
      name: call.json?.name ?? existing.name,
      status: call.json.status,
      endpoint: call.json.deliveryConfig.endpoint,
      verificationToken: call.json.deliveryConfig.verificationToken,
    });
    return { status: 204 };
  },
  getSubscriptions(call, state) {
    const refused = pageError(call);
    if (refused) return refused;
    const subscriptions = [...state.notifications.subscriptions.values()]
      .filter((s) => s.userId === call.token.userId)
      .map(subscriptionView);
    return { status: 200, body: { total: subscriptions.length, limit: 100, subscriptions } };
  },
  createSubscription(call, state) {
    const { topicId, destinationId, status, payload } = call.json ?? {};
    if (!state.notifications.config) return noConfig();
    if (!statuses.includes(status)) return notificationError(400, 195006, 'Invalid or missing subscription status.');
    const destination = state.notifications.destinations.get(destinationId);
    if (!destination) return notificationError(400, 195007, 'Invalid or missing destination id.');
    if (topicId !== 'ORDER_CONFIRMATION') return notificationError(400, 195027, 'Invalid or missing topic id.');
    if (payload?.schemaVersion !== '1.0')
      return notificationError(
        400,
        195008,
        'Invalid or missing schema version. Please refer to /topic/{topic_id} for supported schema versions.',
      );
    if (payload?.format !== 'JSON') return notificationError(400, 195009, 'Specified format is not supported for the topic.');
    if (payload?.deliveryProtocol !== 'HTTPS') return notificationError(400, 195010, 'Invalid or missing protocol');
    // ORDER_CONFIRMATION's scope (getTopic): the user token must carry it.
    if (!ORDER_CONFIRMATION_SCOPES.some((scope) => call.token.scopes.includes(scope)))
      return notificationError(403, 195011, 'Not authorized for this topic.');
    const userId = call.token.userId ?? '';
    const subscriptions = state.notifications.subscriptions;
    if ([...subscriptions.values()].some((s) => s.userId === userId && s.topicId === topicId && s.destinationId === destinationId))
      return notificationError(409, 195012, 'Subscription already exists');
    if (status === 'ENABLED' && destination.status !== 'ENABLED')
      return notificationError(409, 195015, 'The subscription cannot be enabled since the destination is not enabled.');
    const subscriptionId = randomUUID();
    subscriptions.set(subscriptionId, { subscriptionId, userId, topicId, destinationId, status, payload });
    return { status: 201, headers: { location: `${call.origin}/commerce/notification/v1/subscription/${subscriptionId}` } };
  },
  enableSubscription(call, state) {
    const subscription = state.notifications.subscriptions.get(call.params.subscription_id!);
    if (!subscription || subscription.userId !== call.token.userId)
      return notificationError(404, 195013, 'The subscription id does not exist.');
    if (state.notifications.destinations.get(subscription.destinationId)?.status !== 'ENABLED')
      return notificationError(409, 195015, 'The subscription cannot be enabled since the destination is not enabled.');
    subscription.status = 'ENABLED';
    return { status: 204 };
  },
};
