/**
 * The fake Depop's orders: a test buyer's purchase of a product on sale (the staging host's developer endpoint, by
 * SKU or product id, and the control API), each an order of one line with the seller's fee breakdown and a
 * `v1:order.new` webhook; the orders a page at a time and one by purchase id; a refund (full or partial, by the partner
 * through refundOrder or by Depop through the control API) with its summary and a `v1:order.refund` webhook.
 * Fees are the fake's own schedule (FeeSchedule), worked out exactly in minor units (src/shared/domain/money.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  addMoney,
  divideRounded,
  money,
  multiplyMoney,
  parseMoney,
  subtractMoney,
  sumMoney,
  toDecimalString,
  type Money,
} from '../../src/shared/domain/money';
import { depopError, type Answer } from './fake-depop-answers';
import { amountOf } from './fake-depop-product-rules';
import type { DepopCall, FakeDepopState, FakeOrder, FakeProduct, FakeRefund, FeeLine } from './fake-depop-state';

/**
 * The fake's fees: a Depop fee on what the buyer paid (the 10% of the app's published-fee note,
 * src/shared/domain/assisted/marketplaces.ts), a payment fee (a percent and a fixed part per currency), a boost fee on
 * a boosted product's price, and the Depop shipping label when the seller pays it.
 */
export interface FeeSchedule {
  depopFeeRate: number;
  paymentFee: Record<string, { rate: number; fixed: string }>;
  boostRate: number;
  /** The Depop shipping label's price, in the shop's currency. */
  shippingLabel: string;
}

export const defaultFees: FeeSchedule = {
  depopFeeRate: 0.1,
  paymentFee: { GBP: { rate: 0.029, fixed: '0.30' }, USD: { rate: 0.033, fixed: '0.45' } },
  boostRate: 0.08,
  shippingLabel: '3.50',
};

/** The test buyers of Depop's staging host, one per site. */
const BUYERS: Record<string, { id: number; address: Record<string, string> }> = {
  GB: {
    id: 789012,
    address: { name: 'Test Buyer', address: '123 Main St', city: 'London', postal_code: 'EC1V 4PW', state: 'Greater London' },
  },
  US: {
    id: 789013,
    address: { name: 'Test Buyer', address: '500 S Main St', city: 'Los Angeles', postal_code: '90013', state: 'CA' },
  },
};

const decimal = toDecimalString;
const zero = (currency: string) => money(0, currency);

/** A test buyer buys one of the product: its order, fees and the product's quantity (none left: purchased). */
export function purchase(state: FakeDepopState, product: FakeProduct, fees: FeeSchedule, at: number, pages: string): FakeOrder {
  const currency = product.price.currency;
  const sold = product.discount ?? product.price;
  const label = parseMoney(fees.shippingLabel, currency)!;
  const depopShipping = product.depopShipping;
  const buyerShipping = depopShipping
    ? depopShipping.payer === 'buyer'
      ? label
      : zero(currency)
    : (product.nationalShipping ?? zero(currency));
  const buyerPays = addMoney(sold, buyerShipping);
  const payment = fees.paymentFee[currency] ?? { rate: 0.03, fixed: '0.30' };
  const lines: FeeLine[] = [
    { fee_type: 'DEPOP_FEE', amount: multiplyMoney(buyerPays, fees.depopFeeRate) },
    { fee_type: 'PAYMENT_FEE', amount: addMoney(multiplyMoney(buyerPays, payment.rate), parseMoney(payment.fixed, currency)!) },
    ...(product.isBoosted ? [{ fee_type: 'BOOSTED_FEE' as const, amount: multiplyMoney(sold, fees.boostRate) }] : []),
    { fee_type: 'SHIPPING_FEE', amount: depopShipping?.payer === 'seller' ? label : zero(currency) },
  ];
  // The buyer's Depop shipping label is Depop's; manual shipping is the seller's to pay for.
  const kept = depopShipping?.payer === 'buyer' ? subtractMoney(buyerPays, buyerShipping) : buyerPays;
  const country = product.address.country_code === 'US' ? 'US' : 'GB';
  const order: FakeOrder = {
    purchaseId: state.id(),
    sellerId: product.sellerId,
    status: 'SHIPPING_PENDING',
    currency,
    buyerId: BUYERS[country]!.id,
    buyerPays,
    buyerShipping,
    fees: lines,
    sellerReceives: subtractMoney(
      kept,
      sumMoney(
        lines.map((line) => line.amount),
        currency,
      ),
    ),
    line: {
      purchaseItemId: state.id(),
      sku: product.sku,
      productId: product.productId,
      slug: product.slug,
      parcelId: randomUUID(),
      description: product.description,
      originalPrice: product.price,
      soldPrice: sold,
      imageUrl: `${pages}/photos/${product.productId}/P0.jpg`,
    },
    depopShipping: Boolean(depopShipping),
    createdAt: new Date(at).toISOString(),
    refund: null,
  };
  product.quantity -= 1;
  if (product.quantity <= 0) {
    product.quantity = 0;
    product.status = 'STATUS_PURCHASED';
    product.activeOffers = [];
  }
  state.orders.push(order);
  return order;
}

function addressOf(order: FakeOrder, countryField: 'country' | 'country_code') {
  const country = order.buyerId === BUYERS.US!.id ? 'US' : 'GB';
  return { ...BUYERS[country]!.address, [countryField]: country };
}

function lineOut(order: FakeOrder) {
  const line = order.line;
  return {
    purchase_item_id: line.purchaseItemId,
    sku: line.sku,
    product_id: line.productId,
    slug: line.slug,
    parcel_id: line.parcelId,
    description: line.description,
    original_price: decimal(line.originalPrice),
    sold_price: decimal(line.soldPrice),
    sold_via_offers: false,
    image_url: line.imageUrl,
  };
}

function refundOut(refund: FakeRefund) {
  const currency = refund.items.currency;
  return {
    buyer_refund_amount: decimal(addMoney(refund.items, refund.shipping)),
    refund_date: refund.date,
    refunded_by: refund.refundedBy,
    breakdown: {
      refunded_to_buyer: {
        item_refund_amount: decimal(refund.items),
        shipping_refund_amount: decimal(refund.shipping),
        depop_fee_refund_amount: decimal(zero(currency)),
        tax_refund_amount: decimal(zero(currency)),
      },
      refunded_to_seller: {
        ads_fee_refund_amount: decimal(refund.sellerRefunds.ads),
        payment_fee_refund_amount: decimal(refund.sellerRefunds.payment),
        depop_fee_refund_amount: decimal(refund.sellerRefunds.depop),
        shipping_refund_amount: decimal(refund.sellerRefunds.shipping),
      },
    },
  };
}

/** An order as the orders endpoints answer it (Order). */
export function orderOut(order: FakeOrder) {
  return {
    seller_id: order.sellerId,
    purchase_id: String(order.purchaseId),
    status: order.status,
    currency: order.currency,
    buyer_pays_amount: decimal(order.buyerPays),
    seller_receives_amount: decimal(order.sellerReceives),
    buyer_shipping_price: decimal(order.buyerShipping),
    buyer_address: addressOf(order, 'country_code'),
    line_items: [lineOut(order)],
    seller_fee_breakdown: order.fees.map((fee) => ({ fee_type: fee.fee_type, amount: decimal(fee.amount), currency: order.currency })),
    ...(order.depopShipping ? { depop_shipping: { shipping_provider_id: 'MY_HERMES' } } : {}),
    ...(order.refund ? { refund_summary: refundOut(order.refund) } : {}),
    created_at: order.createdAt,
  };
}

/** A new order as the `v1:order.new` webhook carries it (OrderWebhook: the fees as one total, the country as `country`). */
export function orderWebhookOut(order: FakeOrder) {
  return {
    seller_id: order.sellerId,
    purchase_id: String(order.purchaseId),
    status: order.status,
    currency: order.currency,
    buyer_pays_amount: decimal(order.buyerPays),
    seller_receives_amount: decimal(order.sellerReceives),
    fee_amount: decimal(
      sumMoney(
        order.fees.map((fee) => fee.amount),
        order.currency,
      ),
    ),
    buyer_shipping_price: decimal(order.buyerShipping),
    buyer_address: addressOf(order, 'country'),
    line_items: [lineOut(order)],
    ...(order.depopShipping ? { depop_shipping: { shipping_provider_id: 'MY_HERMES' } } : {}),
  };
}

/** triggerPurchaseBySku / triggerPurchaseById: the product bought by the site's test buyer, and the webhook sent. */
export function triggerPurchase(call: DepopCall, product: FakeProduct | undefined, named: string, fees: FeeSchedule): Answer {
  if (!product || product.sellerId !== call.seller.id || product.status === 'STATUS_DELETED')
    return depopError(404, 'product_not_found', `Product (${named}) not found`);
  if (product.status !== 'STATUS_ONSALE') return depopError(400, 'bad-request', `Product (${named}) is not on sale (${product.status})`);
  const order = purchase(call.state, product, fees, call.now(), call.pages);
  call.emit('v1:order.new', orderWebhookOut(order));
  return { status: 200 };
}

const ownOrder = (call: DepopCall) =>
  call.state.orders.find((order) => String(order.purchaseId) === call.params.purchase_id && order.sellerId === call.seller.id);
const orderNotFound = (purchaseId: string) => depopError(404, 'order_not_found', `Order (purchase_id: ${purchaseId}) not found`);

export function getOrderByPurchaseId(call: DepopCall): Answer {
  const order = ownOrder(call);
  return order ? { status: 200, body: orderOut(order) } : orderNotFound(call.params.purchase_id!);
}

/** getAllOrders: newest first, at most 200 a page; the cursor is the last purchase id given; from/to bound created_at. */
export function getAllOrders(call: DepopCall): Answer {
  const limit = Number(call.query.get('limit') ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) return depopError(400, 'bad-request', 'limit must be 1 to 200');
  const [from, to] = ['from', 'to'].map((name) => (call.query.has(name) ? Date.parse(call.query.get(name)!) : null));
  if (Number.isNaN(from) || Number.isNaN(to)) return depopError(400, 'bad-request', 'from and to are date-times (2025-01-01T00:00:00Z)');
  const cursor = call.query.get('cursor');
  if (cursor !== null && !/^\d+$/.test(cursor)) return depopError(400, 'bad-request', 'cursor is a purchase id');
  const all = call.state.orders
    .filter((order) => order.sellerId === call.seller.id)
    .filter((order) => cursor === null || order.purchaseId < Number(cursor))
    .filter((order) => (from === null || Date.parse(order.createdAt) >= from!) && (to === null || Date.parse(order.createdAt) <= to!))
    .sort((a, b) => b.purchaseId - a.purchaseId);
  const page = all.slice(0, limit);
  return {
    status: 200,
    body: {
      meta: { ...(page.length ? { cursor: String(page.at(-1)!.purchaseId) } : {}), has_more: all.length > limit },
      data: page.map(orderOut),
    },
  };
}

/** Each fee's share of a refund of `refunded` out of what the buyer paid, rounded once (a full refund: all of it). */
function feeBack(order: FakeOrder, type: FeeLine['fee_type'], refunded: Money): Money {
  const fee = order.fees.find((line) => line.fee_type === type)?.amount ?? zero(order.currency);
  return money(divideRounded(fee.amountMinor * refunded.amountMinor, order.buyerPays.amountMinor), order.currency);
}

/** The order refunded: status REFUNDED, its summary (fees back to the seller in proportion), and the webhook. */
export function refund(call: Pick<DepopCall, 'emit' | 'now'>, order: FakeOrder, items: Money, shipping: Money, by: 'PARTNER' | 'DEPOP') {
  const refunded = addMoney(items, shipping);
  const full = refunded.amountMinor === order.buyerPays.amountMinor;
  order.status = 'REFUNDED';
  order.refund = {
    items,
    shipping,
    refundedBy: by,
    date: new Date(call.now()).toISOString(),
    sellerRefunds: {
      ads: feeBack(order, 'BOOSTED_FEE', refunded),
      payment: feeBack(order, 'PAYMENT_FEE', refunded),
      depop: feeBack(order, 'DEPOP_FEE', refunded),
      // The seller's Depop shipping label comes back only with a full refund.
      shipping: full ? (order.fees.find((line) => line.fee_type === 'SHIPPING_FEE')?.amount ?? zero(order.currency)) : zero(order.currency),
    },
  };
  call.emit('v1:order.refund', { purchase_id: String(order.purchaseId), refunded_by: by });
}

/** refundOrder: the document's 422 `validation` rules, then the refund. */
export function refundOrder(call: DepopCall): Answer {
  const order = ownOrder(call);
  if (!order) return orderNotFound(call.params.purchase_id!);
  const body = call.body as { items_refund_amount?: string; shipping_refund_amount?: string };
  const invalid = (why: string) => depopError(422, 'validation', `Refund for purchase id ${order.purchaseId} ${why}`);
  if (order.refund) return invalid('has already been refunded.');
  if (body.items_refund_amount === undefined && body.shipping_refund_amount === undefined)
    return invalid('must have an item amount or a shipping amount to refund.');
  const [items, shipping] = [body.items_refund_amount, body.shipping_refund_amount].map((text) =>
    text === undefined ? zero(order.currency) : amountOf(text, order.currency),
  );
  if (!items || !shipping) return depopError(400, 'bad-request', 'A refund amount is a decimal with up to 2 decimal places');
  if (items.amountMinor + shipping.amountMinor <= 0) return invalid('must have a positive amount to refund.');
  if (items.amountMinor > order.line.soldPrice.amountMinor) return invalid('has items_refund_amount greater than product price.');
  if (shipping.amountMinor > order.buyerShipping.amountMinor) return invalid('has shipping_refund_amount greater than shipping price.');
  const full = items.amountMinor === order.line.soldPrice.amountMinor && shipping.amountMinor === order.buyerShipping.amountMinor;
  if (order.depopShipping && shipping.amountMinor > 0 && !full)
    return invalid('uses Depop shipping: shipping can only be refunded as part of a full refund.');
  refund(call, order, items, shipping, 'PARTNER');
  return { status: 200 };
}
