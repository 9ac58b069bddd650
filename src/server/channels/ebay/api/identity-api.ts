import type { EbayApiContext } from './ebay-api-context';
import { answered, ebayApi } from './ebay-http';
import type { EbayUser } from './ebay-types';
import type { paths } from './generated/identity';

/** Identity API: who the seller behind a user token is (userId is immutable; key records on it). */
export function createIdentityApi(context: EbayApiContext) {
  const identity = ebayApi<paths>(context, 'apiz', '/commerce/identity/v1');
  return {
    async getUser(accessToken: string): Promise<EbayUser> {
      return answered((await identity(accessToken).GET('/user/')).data, 'GET /commerce/identity/v1/user/');
    },
  };
}
