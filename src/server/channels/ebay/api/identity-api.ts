import type { EbayApiContext } from './ebay-api-context';
import type { EbayUser } from './ebay-types';

/** Identity API: who the seller behind a user token is (userId is immutable; key records on it). */
export function createIdentityApi({ http, hosts }: EbayApiContext) {
  return {
    async getUser(accessToken: string): Promise<EbayUser> {
      const { body } = await http<EbayUser>({ baseUrl: hosts.apiz, path: '/commerce/identity/v1/user/', method: 'GET', accessToken });
      return body;
    },
  };
}
