import type { EbayApiContext } from './ebay-api-context';
import { ebayPath } from './ebay-http';

export interface EbayPublicKey {
  algorithm?: string;
  digest?: string;
  key?: string;
}

/** Notification API (application token): the public key that signed a notification (X-EBAY-SIGNATURE's kid). */
export function createNotificationApi({ http, hosts, withApplicationToken }: EbayApiContext) {
  return {
    async getPublicKey(publicKeyId: string): Promise<EbayPublicKey> {
      return withApplicationToken(
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
  };
}
