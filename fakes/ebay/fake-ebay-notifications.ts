/**
 * The Notification API in the fake (contracts/ebay/commerce_notification_v1_oas3.json): the app's destinations
 * (application token), a seller's subscriptions (user token), and the push itself: when the fake records an order
 * of a seller subscribed to ORDER_CONFIRMATION at an enabled destination, it POSTs one signed message per order line
 * to that destination (contracts/ebay/order_confirmation.md; X-EBAY-SIGNATURE with the key getPublicKey serves).
 * getPublicKey is in fake-ebay-services.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ApiHandler } from './fake-ebay-api-call';
import { ebayError } from './fake-ebay-errors';
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

/** What the fake holds of the Notification API, and its pushes. */
export class FakeNotifications {
  destinations = new Map<string, FakeDestination>();
  subscriptions = new Map<string, FakeSubscription>();
  pushes: FakePush[] = [];
  private inFlight = new Set<Promise<void>>();

  reset() {
    this.destinations.clear();
    this.subscriptions.clear();
    this.pushes = [];
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
            data: { orderId: order.orderId, sellerId: order.sellerUsername },
          },
        });
        this.post(destination.endpoint, body, sign(body));
      }
    }
  }

  private post(endpoint: string, body: string, signature: string) {
    const push: FakePush = { endpoint, body, signature, status: 0 };
    this.pushes.push(push);
    const sent = fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ebay-signature': signature }, body })
      .then((answer) => {
        push.status = answer.status;
      })
      .catch(() => undefined)
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

export const notificationHandlers: Record<string, ApiHandler> = {
  getDestinations(_call, state) {
    const destinations = [...state.notifications.destinations.values()].map(destinationView);
    return { status: 200, body: { total: destinations.length, limit: 100, destinations } };
  },
  createDestination(call, state) {
    const endpoint = call.json?.deliveryConfig?.endpoint;
    const verificationToken = call.json?.deliveryConfig?.verificationToken;
    if (typeof endpoint !== 'string' || !endpoint.startsWith('https://'))
      return notificationError(400, 195017, 'The endpoint must use HTTPS.');
    if (!tokenFits(verificationToken)) return notificationError(400, 195018, 'The verification token is not valid.');
    const destinations = state.notifications.destinations;
    if ([...destinations.values()].some((d) => d.endpoint === endpoint))
      return notificationError(409, 195020, 'A destination with this endpoint already exists.');
    const destinationId = randomUUID();
    destinations.set(destinationId, {
      destinationId,
      name: call.json?.name ?? '',
      status: call.json?.status ?? 'ENABLED',
      endpoint,
      verificationToken,
    });
    return { status: 201, headers: { location: `${call.origin}/commerce/notification/v1/destination/${destinationId}` } };
  },
  updateDestination(call, state) {
    const existing = state.notifications.destinations.get(call.params.destination_id!);
    if (!existing) return notificationError(404, 195016, 'The destination was not found.');
    const verificationToken = call.json?.deliveryConfig?.verificationToken;
    if (!tokenFits(verificationToken)) return notificationError(400, 195018, 'The verification token is not valid.');
    Object.assign(existing, {
      name: call.json?.name ?? existing.name,
      status: call.json?.status ?? existing.status,
      endpoint: call.json?.deliveryConfig?.endpoint ?? existing.endpoint,
      verificationToken,
    });
    return { status: 204 };
  },
  getSubscriptions(call, state) {
    const subscriptions = [...state.notifications.subscriptions.values()]
      .filter((s) => s.userId === call.token.userId)
      .map(subscriptionView);
    return { status: 200, body: { total: subscriptions.length, limit: 100, subscriptions } };
  },
  createSubscription(call, state) {
    const { topicId, destinationId } = call.json ?? {};
    if (topicId !== 'ORDER_CONFIRMATION') return notificationError(404, 195002, 'The topic was not found.');
    if (!state.notifications.destinations.has(destinationId)) return notificationError(404, 195016, 'The destination was not found.');
    const userId = call.token.userId ?? '';
    const subscriptions = state.notifications.subscriptions;
    if ([...subscriptions.values()].some((s) => s.userId === userId && s.topicId === topicId && s.destinationId === destinationId))
      return notificationError(409, 195024, 'The subscription for this topic and destination already exists.');
    const subscriptionId = randomUUID();
    subscriptions.set(subscriptionId, {
      subscriptionId,
      userId,
      topicId,
      destinationId,
      status: call.json?.status ?? 'DISABLED',
      payload: call.json?.payload ?? {},
    });
    return { status: 201, headers: { location: `${call.origin}/commerce/notification/v1/subscription/${subscriptionId}` } };
  },
  enableSubscription(call, state) {
    const subscription = state.notifications.subscriptions.get(call.params.subscription_id!);
    if (!subscription || subscription.userId !== call.token.userId)
      return notificationError(404, 195013, 'The subscription was not found.');
    subscription.status = 'ENABLED';
    return { status: 204 };
  },
};
