import { defaultCurrency, parseMoney } from '@shared/domain/money';
import type { SaleLine } from '../../marketplace';
import type { Order } from '../api/ebay-types';

/** eBay's cancelState of an order cancelled in full (its other states: NONE_REQUESTED, IN_PROGRESS). */
const CANCELED = 'CANCELED';

/** eBay's decimal text ("24.99") in minor units of the line's currency, exactly; absent or unreadable: 0. */
const amountMinor = (value: string | undefined, currency: string) => (value ? (parseMoney(value, currency)?.amountMinor ?? 0) : 0);

/**
 * The order's lines as sale lines. eBay cancels an order as a whole (cancelStatus), so a cancelled order's every
 * line is no sale; the moment is its cancelledDate, else when the order last changed.
 */
export function saleLinesOf(order: Order): SaleLine[] {
  if (!order.orderId || !order.creationDate) return [];
  const cancelled = order.cancelStatus?.cancelState === CANCELED;
  const cancelledAt = cancelled ? new Date(order.cancelStatus?.cancelledDate ?? order.lastModifiedDate ?? Date.now()) : null;
  return (order.lineItems ?? []).flatMap((line) => {
    const currency = line.lineItemCost?.currency ?? order.pricingSummary?.total?.currency ?? defaultCurrency;
    return line.lineItemId
      ? [
          {
            orderId: order.orderId!,
            lineId: line.lineItemId,
            sku: line.sku || null,
            listingId: line.legacyItemId || null,
            quantity: line.quantity ?? 1,
            priceMinor: amountMinor(line.lineItemCost?.value, currency),
            shippingMinor: amountMinor(line.deliveryCost?.shippingCost?.value, currency),
            currency,
            soldAt: new Date(order.creationDate!),
            cancelledAt,
            buyer: order.buyer?.username ?? null,
            title: line.title ?? null,
          },
        ]
      : [];
  });
}
