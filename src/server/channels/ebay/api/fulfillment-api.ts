/**
 * Fulfillment API orders (ebay.md "After the sale"): the seller's orders changed since a moment, a page at a time.
 * User token with scope sell.fulfillment(.readonly).
 */
import type { EbayApiContext } from './ebay-api-context';
import { ebayPath } from './ebay-http';
import type { Order, OrderSearchPagedCollection } from './ebay-types';

/** eBay answers at most 200 orders a page. */
export const ORDERS_PAGE_LIMIT_MAX = 200;

export interface GetOrdersOptions {
  /** Orders last modified at or after this moment. */
  modifiedSince: Date;
  limit?: number;
  offset?: number;
}

export function createFulfillmentApi({ http, hosts }: EbayApiContext) {
  const base = '/sell/fulfillment/v1';
  return {
    /** One page of the seller's orders modified since `modifiedSince` (an empty page when there are none). */
    async getOrders(accessToken: string, { modifiedSince, limit = 50, offset = 0 }: GetOrdersOptions) {
      const { body } = await http<OrderSearchPagedCollection>({
        baseUrl: hosts.api,
        path: `${base}/order`,
        method: 'GET',
        accessToken,
        query: { filter: `lastmodifieddate:[${modifiedSince.toISOString()}..]`, limit, offset },
      });
      return { orders: body?.orders ?? [], total: body?.total ?? 0, next: body?.next ?? null };
    },
    /** One of the seller's orders by its id (getOrder): what an ORDER_CONFIRMATION notification names. */
    async getOrder(accessToken: string, orderId: string): Promise<Order> {
      const { body } = await http<Order>({
        baseUrl: hosts.api,
        path: ebayPath`/sell/fulfillment/v1/order/${orderId}`,
        method: 'GET',
        accessToken,
      });
      return body;
    },
  };
}
