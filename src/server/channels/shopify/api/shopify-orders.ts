import type { OrderFeesQuery, OrdersSinceQuery } from './generated/shopify-operations';
import { parseShopifyMoney, type MinorMoney } from './shopify-money';

/** An order as the sales model reads it, from a pull or a webhook alike: money in minor units, in the shop's currency. */
export interface ShopifyOrder {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  /** Who bought it: the customer's name as Shopify shows it (null for a guest checkout, decision 083). */
  buyer: string | null;
  shipping: MinorMoney;
  lines: {
    id: string;
    sku: string | null;
    /** The product's title when it was bought; absent where the source does not carry it. */
    title?: string | null;
    quantity: number;
    productId: string | null;
    variantId: string | null;
    unitPrice: MinorMoney;
  }[];
}

type OrderNode = OrdersSinceQuery['orders']['nodes'][number];

/**
 * The buyer as the double-sale details show them (decision 083): the customer's first and last name, null when the
 * order names none (a guest checkout). Never their e-mail or phone, which Customer.displayName falls back to.
 */
export const buyerName = (firstName: string | null | undefined, lastName: string | null | undefined): string | null =>
  [firstName, lastName].filter(Boolean).join(' ') || null;

export function orderOfNode(node: OrderNode): ShopifyOrder {
  const shop = node.totalShippingPriceSet.shopMoney;
  return {
    id: node.id,
    name: node.name,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
    cancelledAt: node.cancelledAt,
    buyer: buyerName(node.customer?.firstName, node.customer?.lastName),
    shipping: parseShopifyMoney(shop.amount, shop.currencyCode),
    lines: node.lineItems.nodes.map((line) => ({
      id: line.id,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      productId: line.product?.id ?? null,
      variantId: line.variant?.id ?? null,
      unitPrice: parseShopifyMoney(line.originalUnitPriceSet.shopMoney.amount, line.originalUnitPriceSet.shopMoney.currencyCode),
    })),
  };
}

/** Shopify's search syntax for "changed at or after": updated_at:>='2026-11-26T07:00:00Z'. */
export const updatedSinceQuery = (since: Date): string => `updated_at:>='${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;

/** What Shopify Payments charged on one order, in minor units of the fees' currency. */
export interface ShopifyOrderFees {
  orderId: string;
  fees: MinorMoney;
}

type OrderFeesNode = Extract<OrderFeesQuery['nodes'][number], { __typename: 'Order' }>;
const PAYMENT_KINDS = new Set(['SALE', 'CAPTURE']);

/**
 * The order's fees: the sum of `fees` on its successful payments (SALE, CAPTURE) through Shopify Payments, the only
 * gateway whose transactions carry them (none listed: nothing charged), in the shop's currency, the one its sale lines
 * are read in. An order with no such payment has no known fees (null: never guessed), nor one charged in another currency.
 */
export function feesOfOrderNode(node: OrderFeesNode): ShopifyOrderFees | null {
  const paid = node.transactions.filter((t) => t.status === 'SUCCESS' && PAYMENT_KINDS.has(t.kind) && t.gateway === 'shopify_payments');
  if (!paid.length) return null;
  const amounts = paid.flatMap((t) => t.fees.map((fee) => parseShopifyMoney(fee.amount.amount, fee.amount.currencyCode)));
  if (amounts.some((a) => a.currency !== node.currencyCode)) return null;
  return { orderId: node.id, fees: { amountMinor: amounts.reduce((sum, a) => sum + a.amountMinor, 0), currency: node.currencyCode } };
}
