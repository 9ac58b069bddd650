/**
 * Fulfillment API orders (ebay.md "After the sale"): the seller's orders changed since a moment, a page at a time.
 * User token with scope sell.fulfillment(.readonly).
 */
import type { EbayApiContext } from './ebay-api-context';
import { answered, ebayApi } from './ebay-http';
import type { Order } from './ebay-types';
import type { paths } from './generated/fulfillment';

/** eBay answers at most 200 orders a page. */
export const ORDERS_PAGE_LIMIT_MAX = 200;

/** eBay's getOrders "can return orders up to two years old" (its filter's note): the import of past sales reads no further. */
export const ORDERS_HISTORY_DAYS = 730;

export interface GetOrdersOptions {
  /** Orders last modified at or after this moment (the sales pull)... */
  modifiedSince?: Date;
  /** ...or created at or after it (the import of past sales: never more than two years back). */
  createdSince?: Date;
  limit?: number;
  offset?: number;
}

/** The filter: creationdate when asked by creation, else lastmodifieddate (eBay uses only creationdate given both). */
function ordersFilter({ modifiedSince, createdSince }: GetOrdersOptions): string {
  if (createdSince) return `creationdate:[${createdSince.toISOString()}..]`;
  if (modifiedSince) return `lastmodifieddate:[${modifiedSince.toISOString()}..]`;
  throw new Error('getOrders needs modifiedSince or createdSince');
}

export function createFulfillmentApi(context: EbayApiContext) {
  const fulfillment = ebayApi<paths>(context, 'api', '/sell/fulfillment/v1');
  return {
    /** One page of the seller's orders modified (or created) since a moment (an empty page when there are none). */
    async getOrders(accessToken: string, options: GetOrdersOptions) {
      const { limit = 50, offset = 0 } = options;
      const { data } = await fulfillment(accessToken).GET('/order', {
        params: { query: { filter: ordersFilter(options), limit: String(limit), offset: String(offset) } },
      });
      return { orders: data?.orders ?? [], total: data?.total ?? 0, next: data?.next ?? null };
    },
    /** One of the seller's orders by its id (getOrder): what an ORDER_CONFIRMATION notification names. */
    async getOrder(accessToken: string, orderId: string): Promise<Order> {
      const { data } = await fulfillment(accessToken).GET('/order/{orderId}', { params: { path: { orderId } } });
      return answered(data, 'GET /sell/fulfillment/v1/order/{orderId}');
    },
  };
}
