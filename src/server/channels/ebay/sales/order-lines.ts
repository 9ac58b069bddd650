import type { SaleLine } from '../../marketplace';
import type { Order } from '../api/ebay-types';

/** eBay's cancelState of an order cancelled in full (its other states: NONE_REQUESTED, IN_PROGRESS). */
const CANCELED = 'CANCELED';

const amount = (value: string | undefined) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/**
 * The order's lines as sale lines. eBay cancels an order as a whole (cancelStatus), so a cancelled order's every
 * line is no sale; the moment is its cancelledDate, else when the order last changed.
 */
export function saleLinesOf(order: Order): SaleLine[] {
  if (!order.orderId || !order.creationDate) return [];
  const cancelled = order.cancelStatus?.cancelState === CANCELED;
  const cancelledAt = cancelled ? new Date(order.cancelStatus?.cancelledDate ?? order.lastModifiedDate ?? Date.now()) : null;
  return (order.lineItems ?? []).flatMap((line) =>
    line.lineItemId
      ? [
          {
            orderId: order.orderId!,
            lineId: line.lineItemId,
            sku: line.sku || null,
            listingId: line.legacyItemId || null,
            quantity: line.quantity ?? 1,
            price: amount(line.lineItemCost?.value),
            shipping: amount(line.deliveryCost?.shippingCost?.value),
            currency: line.lineItemCost?.currency ?? order.pricingSummary?.total?.currency ?? 'USD',
            soldAt: new Date(order.creationDate!),
            cancelledAt,
          },
        ]
      : [],
  );
}
