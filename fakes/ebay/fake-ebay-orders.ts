/**
 * Orders in the fake (Fulfillment API getOrders): the seller's orders by the query's criteria (fake-ebay-order-query.ts:
 * creationdate, lastmodifieddate, orderfulfillmentstatus, or orderIds), oldest first, `limit` (default 50; over 200
 * answers 400, as the contract says) and `offset` paging with `next` while more remain.
 */
import type { ApiHandler } from './fake-ebay-api-call';
import { ebayError } from './fake-ebay-errors';
import type { FakeOrder } from './fake-ebay-state';
import { fieldGroupsProblem, orderQuery } from './fake-ebay-order-query';

/** The order as the Fulfillment API answers it. */
export function orderView(order: FakeOrder) {
  const money = (value: string) => ({ value, currency: order.currency });
  return {
    orderId: order.orderId,
    creationDate: new Date(order.createdAt).toISOString(),
    lastModifiedDate: new Date(order.lastModifiedAt).toISOString(),
    orderFulfillmentStatus: order.fulfillmentStatus,
    orderPaymentStatus: 'PAID',
    cancelStatus: order.cancelledAt
      ? { cancelState: 'CANCELED', cancelledDate: new Date(order.cancelledAt).toISOString(), cancelRequests: [] }
      : { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
    sellerId: order.sellerUsername,
    // One buyer per order: the double sale notice names each (decision 083).
    buyer: {
      username: `buyer_${order.orderId
        .replace(/[^0-9a-z]/gi, '')
        .slice(-6)
        .toLowerCase()}`,
    },
    lineItems: order.lines.map((line) => ({
      lineItemId: line.lineItemId,
      legacyItemId: line.legacyItemId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      lineItemCost: money(line.price),
      deliveryCost: { shippingCost: money(line.shipping) },
      lineItemFulfillmentStatus: order.fulfillmentStatus === 'FULFILLED' ? 'FULFILLED' : 'NOT_STARTED',
      soldFormat: 'FIXED_PRICE',
      listingMarketplaceId: 'EBAY_US',
      purchaseMarketplaceId: 'EBAY_US',
    })),
  };
}

export const orderHandlers: Record<string, ApiHandler> = {
  getOrder(call, state) {
    const groups = fieldGroupsProblem(call.query);
    if (groups) return groups;
    const orderId = call.params.orderId ?? '';
    const order = state.orders.get(orderId);
    // Another seller's order is not found, as on eBay.
    if (!order || order.sellerUserId !== call.token.userId)
      return ebayError(404, 32100, `Invalid order ID: ${orderId}`, { domain: 'API_FULFILLMENT' });
    return { status: 200, body: orderView(order) };
  },
  getOrders(call, state) {
    const query = orderQuery(call.query);
    if ('status' in query) return query;
    const { limit, offset } = query;
    const orders = [...state.orders.values()]
      .filter((o) => o.sellerUserId === call.token.userId)
      .filter(query.keep)
      .sort((a, b) => a.createdAt - b.createdAt || a.orderId.localeCompare(b.orderId));
    const page = orders.slice(offset, offset + limit);
    const href = (at: number) => {
      const query = new URLSearchParams(call.query);
      query.set('limit', String(limit));
      query.set('offset', String(at));
      return `${call.origin}${call.operation.path}?${query}`;
    };
    return {
      status: 200,
      body: {
        href: href(offset),
        total: orders.length,
        limit,
        offset,
        orders: page.map(orderView),
        ...(offset + limit < orders.length ? { next: href(offset + limit) } : {}),
        ...(offset > 0 ? { prev: href(Math.max(offset - limit, 0)) } : {}),
      },
    };
  },
};
