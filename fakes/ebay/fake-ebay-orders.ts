/**
 * Orders in the fake (Fulfillment API getOrders): the seller's orders filtered by `lastmodifieddate:[from..]` or
 * `[from..to]` (the only filter it knows; any other answers 400), oldest first, `limit` (default 50; over 200 answers
 * 400, as the contract says) and `offset` paging with `next` while more remain.
 */
import type { ApiHandler } from './fake-ebay-api-call';
import { ebayError } from './fake-ebay-errors';
import type { FakeOrder } from './fake-ebay-state';

const invalidFilter = (value: string) =>
  ebayError(400, 30700, `The 'filter' value '${value}' is invalid.`, {
    domain: 'API_FULFILLMENT',
    parameters: [{ name: 'filter', value }],
  });

const invalidLimit = (value: string) =>
  ebayError(400, 30800, `The 'limit' value '${value}' is invalid: at most 200 orders a page.`, {
    domain: 'API_FULFILLMENT',
    parameters: [{ name: 'limit', value }],
  });

/** The [from, to] window of a `lastmodifieddate:[from..to]` filter; undefined when the filter does not parse. */
export function lastModifiedWindow(filter: string | null): { from: number; to: number } | null | undefined {
  if (!filter) return null;
  const match = /^lastmodifieddate:\[([^\]]+?)\.\.([^\]]*)\]$/.exec(filter.trim());
  if (!match) return undefined;
  const from = Date.parse(match[1]!);
  const to = match[2] ? Date.parse(match[2]) : Infinity;
  return Number.isNaN(from) || Number.isNaN(to) ? undefined : { from, to };
}

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
    const orderId = call.params.orderId ?? '';
    const order = state.orders.get(orderId);
    // Another seller's order is not found, as on eBay.
    if (!order || order.sellerUserId !== call.token.userId)
      return ebayError(404, 32100, `Invalid order ID: ${orderId}`, { domain: 'API_FULFILLMENT' });
    return { status: 200, body: orderView(order) };
  },
  getOrders(call, state) {
    const filter = call.query.get('filter');
    const window = lastModifiedWindow(filter);
    if (window === undefined) return invalidFilter(filter ?? '');
    // The contract: "If a requested limit is more than 200, the call fails and returns an error."
    const limit = Number(call.query.get('limit') ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return invalidLimit(call.query.get('limit')!);
    const offset = Math.max(Number(call.query.get('offset') ?? 0) || 0, 0);
    const orders = [...state.orders.values()]
      .filter((o) => o.sellerUserId === call.token.userId)
      .filter((o) => !window || (o.lastModifiedAt >= window.from && o.lastModifiedAt <= window.to))
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
