import type { SaleLine } from '../marketplace';
import type { ShopifyOrder } from './api/shopify-orders';

/** An order's lines as the sales model records them, from a pull or a webhook alike; the shipping goes with its first line. */
export function saleLinesOfOrder(order: ShopifyOrder): SaleLine[] {
  return order.lines.map((line, index) => ({
    orderId: order.id,
    orderName: order.name,
    lineId: line.id,
    sku: line.sku || null,
    listingId: line.productId,
    quantity: line.quantity,
    priceMinor: line.unitPrice.amountMinor * line.quantity,
    shippingMinor: index === 0 ? order.shipping.amountMinor : 0,
    currency: line.unitPrice.currency,
    soldAt: new Date(order.createdAt),
    cancelledAt: order.cancelledAt ? new Date(order.cancelledAt) : null,
    buyer: order.buyer,
    ...(line.title ? { title: line.title } : {}),
  }));
}
