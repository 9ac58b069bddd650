import { EBAY_US, type EbayApiContext } from './ebay-api-context';
import { ebayPath } from './ebay-http';
import type { ItemConditionPolicy, ItemConditionPolicyResponse, ShippingService, ShippingServiceResponse } from './ebay-types';

/** Metadata API (application token): the conditions a category allows and the marketplace's shipping services. */
export function createMetadataApi({ http, hosts, withApplicationToken }: EbayApiContext) {
  const get = async <T>(path: string, query?: Record<string, string>) =>
    withApplicationToken(async (accessToken) => (await http<T>({ baseUrl: hosts.api, path, method: 'GET', accessToken, query })).body);
  return {
    async getItemConditionPolicies(categoryIds: string[], marketplaceId = EBAY_US): Promise<ItemConditionPolicy[]> {
      const body = await get<ItemConditionPolicyResponse>(
        ebayPath`/sell/metadata/v1/marketplace/${marketplaceId}/get_item_condition_policies`,
        {
          filter: `categoryIds:{${categoryIds.join('|')}}`,
        },
      );
      return body?.itemConditionPolicies ?? [];
    },
    /** Shipping services sellers can offer (read these instead of hard-coding service codes). */
    async getShippingServices(marketplaceId = EBAY_US): Promise<ShippingService[]> {
      const body = await get<ShippingServiceResponse>(
        ebayPath`/sell/metadata/v1/shipping/marketplace/${marketplaceId}/get_shipping_services`,
      );
      return body?.shippingServices ?? [];
    },
  };
}
