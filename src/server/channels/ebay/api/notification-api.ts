import type { components as Notification, paths } from './generated/notification';
import type { EbayApiContext } from './ebay-api-context';
import { answered, ebayApi } from './ebay-http';

export type EbayPublicKey = Notification['schemas']['PublicKey'];
export type EbayDestination = Notification['schemas']['Destination'];
export type EbaySubscription = Notification['schemas']['Subscription'];
type DestinationRequest = Notification['schemas']['DestinationRequest'];
type CreateSubscriptionRequest = Notification['schemas']['CreateSubscriptionRequest'];
type NotificationConfig = Notification['schemas']['Config'];

/** The last path segment of a 201's Location header: the id of what was created. */
const idOfLocation = (headers: Headers): string | null => headers.get('location')?.split('/').pop() || null;

const json = { header: { 'Content-Type': 'application/json' } };

/**
 * Notification API (contracts/ebay/commerce_notification_v1_oas3.json): the public key that signed a notification
 * (X-EBAY-SIGNATURE's kid) and the app's destination, with the application token; a seller's subscriptions, with
 * that seller's user token (scope commerce.notification.subscription).
 */
export function createNotificationApi(context: EbayApiContext) {
  const notification = ebayApi<paths>(context, 'api', '/commerce/notification/v1');
  const app = <T>(call: (accessToken: string) => Promise<T>) => context.withApplicationToken(call);
  return {
    async getPublicKey(publicKeyId: string): Promise<EbayPublicKey> {
      const { data } = await app((accessToken) =>
        notification(accessToken).GET('/public_key/{public_key_id}', { params: { path: { public_key_id: publicKeyId } } }),
      );
      return answered(data, 'GET /commerce/notification/v1/public_key/{public_key_id}');
    },
    /**
     * The application's notification config (updateConfig): its alert e-mail. eBay refuses destinations and
     * subscriptions until it is set (409 195003).
     */
    async updateConfig(config: NotificationConfig): Promise<void> {
      await app((accessToken) => notification(accessToken).PUT('/config', { params: json, body: config }));
    },
    /** The app's destinations (one page of up to 100: an app has a handful). */
    async getDestinations(): Promise<EbayDestination[]> {
      const { data } = await app((accessToken) => notification(accessToken).GET('/destination', { params: { query: { limit: '100' } } }));
      return data?.destinations ?? [];
    },
    /** Creates a destination; answers its id (from the Location header). */
    async createDestination(request: DestinationRequest): Promise<string | null> {
      const { response } = await app((accessToken) => notification(accessToken).POST('/destination', { params: json, body: request }));
      return idOfLocation(response.headers);
    },
    async updateDestination(destinationId: string, request: DestinationRequest): Promise<void> {
      await app((accessToken) =>
        notification(accessToken).PUT('/destination/{destination_id}', {
          params: { ...json, path: { destination_id: destinationId } },
          body: request,
        }),
      );
    },
    /** The subscriptions of the user whose token this is (one page of up to 100). */
    async getSubscriptions(userToken: string): Promise<EbaySubscription[]> {
      const { data } = await notification(userToken).GET('/subscription', { params: { query: { limit: '100' } } });
      return data?.subscriptions ?? [];
    },
    /** Creates a subscription of the user whose token this is; answers its id (from the Location header). */
    async createSubscription(userToken: string, request: CreateSubscriptionRequest): Promise<string | null> {
      const { response } = await notification(userToken).POST('/subscription', { params: json, body: request });
      return idOfLocation(response.headers);
    },
    async enableSubscription(userToken: string, subscriptionId: string): Promise<void> {
      await notification(userToken).POST('/subscription/{subscription_id}/enable', {
        params: { path: { subscription_id: subscriptionId } },
      });
    },
  };
}
