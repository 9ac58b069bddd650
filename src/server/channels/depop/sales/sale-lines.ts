import { addMoney, money } from '@shared/domain/money';
import type { LineFees, SaleLine } from '../../marketplace';
import type { DepopOrderRead } from '../api/depop-client';

/**
 * Whether the order no longer stands: cancelled, or refunded the whole of its items (a partial refund, of a part or of
 * the shipping alone, leaves the sale standing, as the other channels' partial refunds do).
 */
export function takenBackAt(read: DepopOrderRead): Date | null {
  if (read.order.status === 'CANCELLED') return read.refund?.refundedAt ?? new Date(read.order.created_at);
  if (!read.refund) return null;
  const sold = read.lines.reduce((sum, line) => addMoney(sum, line.soldPrice), money(0, read.currency));
  return read.refund.toBuyer.items.amountMinor >= sold.amountMinor ? read.refund.refundedAt : null;
}

/** An order's lines as the sales model records them, from a pull or a webhook alike; the shipping goes with its first line. */
export function saleLinesOfOrder(read: DepopOrderRead): SaleLine[] {
  const { order } = read;
  const cancelledAt = takenBackAt(read);
  return order.line_items.map((line, index) => ({
    orderId: order.purchase_id,
    lineId: String(line.purchase_item_id),
    sku: line.sku || null,
    listingId: String(line.product_id),
    quantity: 1,
    priceMinor: read.lines[index]!.soldPrice.amountMinor,
    shippingMinor: index === 0 ? read.buyerShipping.amountMinor : 0,
    currency: read.currency,
    soldAt: new Date(order.created_at),
    cancelledAt,
  }));
}

/**
 * The order's fees from its fee breakdown, exact in minor units: every fee in the order's currency added, less what a
 * refund gave the seller back. Null when a fee is in another currency (never added across currencies).
 */
export function feesOfOrder(read: DepopOrderRead): LineFees | null {
  if (read.fees.some((fee) => fee.amount.currency !== read.currency)) return null;
  let total = read.fees.reduce((sum, fee) => addMoney(sum, fee.amount), money(0, read.currency));
  const back = read.refund?.toSeller;
  if (back)
    for (const part of [back.adsFee, back.paymentFee, back.depopFee, back.shipping])
      total = money(total.amountMinor - part.amountMinor, read.currency);
  return { orderId: read.order.purchase_id, lineId: null, fees: total };
}
