import type { components as Notification } from './generated/notification';
import type { EbayApiContext } from './ebay-api-context';
import { ebayPath } from './ebay-http';

export type EbayPublicKey = Notification['schemas']['PublicKey'];
export type EbayDestination = Notification['schemas']['Destination'];
export type EbaySubscription = Notification['schemas']['Subscription'];
type DestinationRequest = Notification['schemas']['DestinationRequest'];
type CreateSubscriptionRequest = Notification['schemas']['CreateSubscriptionRequest'];
type NotificationConfig = Notification['schemas']['Config'];

const base = '/commerce/notification/v1';

/** The last path segment of a 201's Location header: the id of what was created. */
const idOfLocation = (headers: Headers): string | null => headers.get('location')?.split('/').pop() || null;

/**
 * Notification API (contracts/ebay/commerce_notification_v1_oas3.json): the public key that signed a notification
 * (X-EBAY-SIGNATURE's kid) and the app's destination, with the application token; a seller's subscriptions, with
 * that seller's user token (scope commerce.notification.subscription).
 */
export function createNotificationApi({ http, hosts, withApplicationToken }: EbayApiContext) {
  const app = <T>(call: (accessToken: string) => Promise<T>) => withApplicationToken(call);
  return {
    async getPublicKey(publicKeyId: string): Promise<EbayPublicKey> {
      return app(
        async (accessToken) =>
          (
            await http<EbayPublicKey>({
              baseUrl: hosts.api,
              path: ebayPath`/commerce/notification/v1/public_key/${publicKeyId}`,
              method: 'GET',
              accessToken,
            })
          ).body,
      );
    },
    /**
     * The application's notification config (updateConfig): its alert e-mail. eBay refuses destinations and
     * subscriptions until it is set (409 195003).
     */
    async updateConfig(config: NotificationConfig): Promise<void> {
      await app((accessToken) => http({ baseUrl: hosts.api, path: `${base}/config`, method: 'PUT', accessToken, json: config }));
    },
    /** The app's destinations (one page of up to 100: an app has a handful). */
    async getDestinations(): Promise<EbayDestination[]> {
      return app(async (accessToken) => {
        const { body } = await http<{ destinations?: EbayDestination[] }>({
          baseUrl: hosts.api,
          path: `${base}/destination`,
          method: 'GET',
          accessToken,
          query: { limit: 100 },
        });
        return body?.destinations ?? [];
      });
    },
    /** Creates a destination; answers its id (from the Location header). */
    async createDestination(request: DestinationRequest): Promise<string | null> {
      return app(async (accessToken) => {
        const { headers } = await http({ baseUrl: hosts.api, path: `${base}/destination`, method: 'POST', accessToken, json: request });
        return idOfLocation(headers);
      });
    },
    async updateDestination(destinationId: string, request: DestinationRequest): Promise<void> {
      await app((accessToken) =>
        http({
          baseUrl: hosts.api,
          path: ebayPath`/commerce/notification/v1/destination/${destinationId}`,
          method: 'PUT',
          accessToken,
          json: request,
        }),
      );
    },
    /** The subscriptions of the user whose token this is (one page of up to 100). */
    async getSubscriptions(userToken: string): Promise<EbaySubscription[]> {
      const { body } = await http<{ subscriptions?: EbaySubscription[] }>({
        baseUrl: hosts.api,
        path: `${base}/subscription`,
        method: 'GET',
        accessToken: userToken,
        query: { limit: 100 },
      });
      return body?.subscriptions ?? [];
    },
    /** Creates a subscription of the user whose token this is; answers its id (from the Location header). */
    async createSubscription(userToken: string, request: CreateSubscriptionRequest): Promise<string | null> {
      const { headers } = await http({
        baseUrl: hosts.api,
        path: `${base}/subscription`,
        method: 'POST',
        accessToken: userToken,
        json: request,
      });
      return idOfLocation(headers);
    },
    async enableSubscription(userToken: string, subscriptionId: string): Promise<void> {
      await http({
        baseUrl: hosts.api,
        path: ebayPath`/commerce/notification/v1/subscription/${subscriptionId}/enable`,
        method: 'POST',
        accessToken: userToken,
      });
    },
  };
}
