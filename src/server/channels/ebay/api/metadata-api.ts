import { EBAY_US, type EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { ItemConditionPolicy, ShippingService } from './ebay-types';
import type { paths } from './generated/metadata';

/** Metadata API (application token): the conditions a category allows and the marketplace's shipping services. */
export function createMetadataApi(context: EbayApiContext) {
  const metadata = ebayApi<paths>(context, 'api', '/sell/metadata/v1');
  return {
    async getItemConditionPolicies(categoryIds: string[], marketplaceId = EBAY_US): Promise<ItemConditionPolicy[]> {
      const { data } = await context.withApplicationToken((accessToken) =>
        metadata(accessToken).GET('/marketplace/{marketplace_id}/get_item_condition_policies', {
          params: { path: { marketplace_id: marketplaceId }, query: { filter: `categoryIds:{${categoryIds.join('|')}}` } },
        }),
      );
      return data?.itemConditionPolicies ?? [];
    },
    /** Shipping services sellers can offer (read these instead of hard-coding service codes). */
    async getShippingServices(marketplaceId = EBAY_US): Promise<ShippingService[]> {
      const { data } = await context.withApplicationToken((accessToken) =>
        metadata(accessToken).GET('/shipping/marketplace/{marketplace_id}/get_shipping_services', {
          params: { path: { marketplace_id: marketplaceId } },
        }),
      );
      return data?.shippingServices ?? [];
    },
  };
}
