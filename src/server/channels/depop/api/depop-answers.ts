/**
 * Depop's answers read into the app's terms: each amount (a decimal string beside its currency) as Money, exactly
 * (depop-money.ts), through an AmountReader that fails naming the call and the field when Depop sends one that is no
 * amount. The document's own object stays beside the amounts, as Depop gave it.
 */
import type { Money } from '@shared/domain/money';
import type { components } from './generated/depop';

type DepopSchemas = components['schemas'];
export type DepopProduct = DepopSchemas['Product'];
export type DepopOrder = DepopSchemas['Order'];
export type DepopFeeType = DepopSchemas['FeeBreakdown']['fee_type'];

/** An answer's amount as Money: its field (for the error), its text and its currency. */
export type AmountReader = (field: string, text: string, currency: string) => Money;
const optional = (money: AmountReader, field: string, text: string | undefined, currency: string) =>
  text === undefined ? null : money(field, text, currency);

/** A product as Depop answers it, with its amounts as Money (offer prices only with offers_read). */
export interface DepopProductRead {
  product: DepopProduct;
  price: Money;
  /** The price a buyer pays now: the discount's when one is set. */
  currentPrice: Money;
  autoSendOfferPrice: Money | null;
  autoNegotiateOfferPrice: Money | null;
  nationalShipping: Money | null;
  internationalShipping: Money | null;
}

/** An order's refund (refund_summary), its amounts as Money. */
export interface DepopRefund {
  buyerRefund: Money;
  refundedAt: Date;
  refundedBy: 'PARTNER' | 'DEPOP';
  toBuyer: { items: Money; shipping: Money; depopFee: Money; tax: Money };
  toSeller: { adsFee: Money; paymentFee: Money; depopFee: Money; shipping: Money };
}

/** An order as Depop answers it, with its amounts as Money: what the buyer paid, each fee, what the seller receives. */
export interface DepopOrderRead {
  order: DepopOrder;
  currency: string;
  buyerPays: Money;
  sellerReceives: Money;
  buyerShipping: Money;
  buyerTax: Money | null;
  fees: { type: DepopFeeType; amount: Money }[];
  lines: { sku: string | null; productId: number; slug: string; originalPrice: Money; soldPrice: Money; soldViaOffers: boolean }[];
  refund: DepopRefund | null;
}

/** A page of a cursor-paged list: the cursor of the next page, whether there is one. */
export interface DepopPage<T> {
  items: T[];
  cursor: string | null;
  hasMore: boolean;
}

/** Pricing inspiration's range (a bound Depop leaves out: null) and its similar sold items. */
export interface DepopPriceInspiration {
  lowerBound: Money | null;
  balanced: Money | null;
  upperBound: Money | null;
  similarSold: { brand: string | null; condition: string | null; soldPrice: Money; pictureUrl: string | null }[];
}

/** A product's amounts: its price, the price a buyer pays now, offer prices (with offers_read) and shipping. */
export function productRead(money: AmountReader, product: DepopProduct): DepopProductRead {
  const currency = product.price_currency;
  return {
    product,
    price: money('price_amount', product.price_amount, currency),
    currentPrice: money('current_price', product.current_price ?? product.price_amount, currency),
    autoSendOfferPrice: optional(money, 'auto_send_offer_price', product.auto_send_offer_price, currency),
    autoNegotiateOfferPrice: optional(money, 'auto_negotiate_offer_price', product.auto_negotiate_offer_price, currency),
    nationalShipping: optional(money, 'national_shipping_cost', product.national_shipping_cost, currency),
    internationalShipping: optional(money, 'international_shipping_cost', product.international_shipping_cost, currency),
  };
}

/** An order's refund summary, null when it was not refunded. */
export function refundRead(money: AmountReader, order: DepopOrder): DepopRefund | null {
  const summary = order.refund_summary;
  if (!summary) return null;
  const at = (field: string, text: string) => money(`refund_summary.${field}`, text, order.currency);
  const { refunded_to_buyer: buyer, refunded_to_seller: seller } = summary.breakdown;
  return {
    buyerRefund: at('buyer_refund_amount', summary.buyer_refund_amount),
    refundedAt: new Date(summary.refund_date),
    refundedBy: summary.refunded_by,
    toBuyer: {
      items: at('item_refund_amount', buyer.item_refund_amount),
      shipping: at('shipping_refund_amount', buyer.shipping_refund_amount),
      depopFee: at('depop_fee_refund_amount', buyer.depop_fee_refund_amount),
      tax: at('tax_refund_amount', buyer.tax_refund_amount),
    },
    toSeller: {
      adsFee: at('ads_fee_refund_amount', seller.ads_fee_refund_amount),
      paymentFee: at('payment_fee_refund_amount', seller.payment_fee_refund_amount),
      depopFee: at('depop_fee_refund_amount', seller.depop_fee_refund_amount),
      shipping: at('shipping_refund_amount', seller.shipping_refund_amount),
    },
  };
}

/** An order's amounts: paid, received, shipping, tax, each fee (in the fee's own currency), its lines, its refund. */
export function orderRead(money: AmountReader, order: DepopOrder): DepopOrderRead {
  const { currency } = order;
  return {
    order,
    currency,
    buyerPays: money('buyer_pays_amount', order.buyer_pays_amount, currency),
    sellerReceives: money('seller_receives_amount', order.seller_receives_amount, currency),
    buyerShipping: money('buyer_shipping_price', order.buyer_shipping_price, currency),
    buyerTax: optional(money, 'buyer_tax_amount', order.buyer_tax_amount, currency),
    // Each fee names its own currency.
    fees: order.seller_fee_breakdown.map((fee) => ({
      type: fee.fee_type,
      amount: money(fee.fee_type, fee.amount, fee.currency),
    })),
    lines: order.line_items.map((line) => ({
      sku: line.sku ?? null,
      productId: line.product_id,
      slug: line.slug,
      originalPrice: money('original_price', line.original_price, currency),
      soldPrice: money('sold_price', line.sold_price, currency),
      soldViaOffers: line.sold_via_offers,
    })),
    refund: refundRead(money, order),
  };
}

/** Pricing inspiration's range and similar sold items, in the request's currency (each item in its own). */
export function inspirationRead(
  money: AmountReader,
  answer: DepopSchemas['PricingInspirationResponse'],
  currency: string,
): DepopPriceInspiration {
  const prediction = answer.price_prediction;
  return {
    lowerBound: optional(money, 'lower_bound', prediction.lower_bound, currency),
    balanced: optional(money, 'balanced', prediction.balanced ?? prediction.prediction, currency),
    upperBound: optional(money, 'upper_bound', prediction.upper_bound, currency),
    similarSold: answer.similar_sold_items.flatMap((item) =>
      item.sold_price_amount === undefined || item.sold_price_currency === undefined
        ? []
        : [
            {
              brand: item.brand_name ?? null,
              condition: item.condition ?? null,
              soldPrice: money('sold_price_amount', item.sold_price_amount, item.sold_price_currency),
              pictureUrl: item.picture?.url ?? null,
            },
          ],
    ),
  };
}
