import type { Channel } from '@shared/domain/channel-listing';
import type { SaleLine } from '../channels/marketplace';

/** The `sales` row of an order line, keyed on (seller, channel, order, line): what the pull and the import of past sales write alike. */
export const saleRowOf = (userId: string, channel: Channel, line: SaleLine) => ({
  userId,
  channel,
  externalOrderId: line.orderId,
  externalLineId: line.lineId,
  orderName: line.orderName ?? null,
  sku: line.sku,
  quantity: line.quantity,
  priceMinor: line.priceMinor,
  shippingChargedMinor: line.shippingMinor,
  currency: line.currency,
  soldAt: line.soldAt,
  buyer: line.buyer ?? null,
});
