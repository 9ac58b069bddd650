/**
 * Shopify's webhooks: each delivery is signed with the app's client secret (`X-Shopify-Hmac-Sha256`, base64 HMAC-SHA256
 * over the raw body, compared in constant time), and an `orders/create` body is the REST Order resource (not in the
 * GraphQL schema: its fields are read here with zod, only those the sales model needs).
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameText } from './shopify-oauth';
import { parseShopifyMoney } from './shopify-money';
import { buyerName, type ShopifyOrder } from './shopify-orders';

export const webhookSignature = (rawBody: Buffer | string, clientSecret: string): string =>
  createHmac('sha256', clientSecret).update(rawBody).digest('base64');

/** Whether the delivery is Shopify's: the signature of the raw body, exactly as received (not re-serialised JSON). */
export function verifyWebhook(rawBody: Buffer, hmacHeader: string | undefined, clientSecret: string): boolean {
  return Boolean(hmacHeader) && sameText(hmacHeader!, webhookSignature(rawBody, clientSecret));
}

const shopMoney = z.object({ shop_money: z.object({ amount: z.string(), currency_code: z.string() }) });
const restOrder = z.object({
  admin_graphql_api_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  cancelled_at: z.string().nullable(),
  /** The REST Order's customer: absent or null for a guest checkout. */
  customer: z.object({ first_name: z.string().nullish(), last_name: z.string().nullish() }).nullish(),
  total_shipping_price_set: shopMoney,
  line_items: z.array(
    z.object({
      admin_graphql_api_id: z.string(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      product_id: z.number().nullable(),
      variant_id: z.number().nullable(),
      price_set: shopMoney,
    }),
  ),
});

const money = (set: z.infer<typeof shopMoney>) => parseShopifyMoney(set.shop_money.amount, set.shop_money.currency_code);

/** An `orders/create` delivery as the same order `ordersSince` reads. */
export function orderOfWebhook(rawBody: Buffer): ShopifyOrder {
  const order = restOrder.parse(JSON.parse(rawBody.toString('utf8')));
  return {
    id: order.admin_graphql_api_id,
    name: order.name,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    cancelledAt: order.cancelled_at,
    buyer: buyerName(order.customer?.first_name, order.customer?.last_name),
    shipping: money(order.total_shipping_price_set),
    lines: order.line_items.map((line) => ({
      id: line.admin_graphql_api_id,
      sku: line.sku,
      quantity: line.quantity,
      productId: line.product_id === null ? null : `gid://shopify/Product/${line.product_id}`,
      variantId: line.variant_id === null ? null : `gid://shopify/ProductVariant/${line.variant_id}`,
      unitPrice: money(line.price_set),
    })),
  };
}
