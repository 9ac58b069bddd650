import type { OrdersSinceQuery } from './generated/shopify-operations';
import { parseShopifyMoney, type MinorMoney } from './shopify-money';

/** An order as the sales model reads it, from a pull or a webhook alike: money in minor units, in the shop's currency. */
export interface ShopifyOrder {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  shipping: MinorMoney;
  lines: {
    id: string;
    sku: string | null;
    quantity: number;
    productId: string | null;
    variantId: string | null;
    unitPrice: MinorMoney;
  }[];
}

type OrderNode = OrdersSinceQuery['orders']['nodes'][number];

export function orderOfNode(node: OrderNode): ShopifyOrder {
  const shop = node.totalShippingPriceSet.shopMoney;
  return {
    id: node.id,
    name: node.name,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
    cancelledAt: node.cancelledAt,
    shipping: parseShopifyMoney(shop.amount, shop.currencyCode),
    lines: node.lineItems.nodes.map((line) => ({
      id: line.id,
      sku: line.sku,
      quantity: line.quantity,
      productId: line.product?.id ?? null,
      variantId: line.variant?.id ?? null,
      unitPrice: parseShopifyMoney(line.originalUnitPriceSet.shopMoney.amount, line.originalUnitPriceSet.shopMoney.currencyCode),
    })),
  };
}

/** Shopify's search syntax for "changed at or after": updated_at:>='2026-11-26T07:00:00Z'. */
export const updatedSinceQuery = (since: Date): string => `updated_at:>='${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;
