/**
 * Shopify's webhooks: each delivery is signed with the app's client secret (`X-Shopify-Hmac-Sha256`, base64 HMAC-SHA256
 * over the raw body, compared in constant time), and an `orders/create` body is the REST Order resource (not in the
 * GraphQL schema: its fields are read here with zod, only those the sales model needs).
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameText } from './shopify-oauth';
import { parseShopifyMoney, ShopifyMoneyError } from './shopify-money';
import { buyerName, type ShopifyOrder } from './shopify-orders';

export const webhookSignature = (rawBody: Buffer | string, clientSecret: string): string =>
  createHmac('sha256', clientSecret).update(rawBody).digest('base64');

/** Whether the delivery is Shopify's: the signature of the raw body, exactly as received (not re-serialised JSON). */
export function verifyWebhook(rawBody: Buffer, hmacHeader: string | undefined, clientSecret: string): boolean {
  return Boolean(hmacHeader) && sameText(hmacHeader!, webhookSignature(rawBody, clientSecret));
}

const shopMoney = z.object({ shop_money: z.object({ amount: z.string(), currency_code: z.string() }) });
/** A time Shopify writes (ISO 8601 with its offset): one that is no time is no order. */
const time = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a time');
const restOrder = z.object({
  admin_graphql_api_id: z.string(),
  name: z.string(),
  created_at: time,
  updated_at: time,
  cancelled_at: time.nullable(),
  /** The REST Order's customer: absent or null for a guest checkout. */
  customer: z.object({ first_name: z.string().nullish(), last_name: z.string().nullish() }).nullish(),
  total_shipping_price_set: shopMoney,
  line_items: z.array(
    z.object({
      admin_graphql_api_id: z.string(),
      sku: z.string().nullable(),
      title: z.string().nullish(),
      quantity: z.number().int().min(1).max(100_000),
      product_id: z.number().nullable(),
      variant_id: z.number().nullable(),
      price_set: shopMoney,
    }),
  ),
});

const money = (set: z.infer<typeof shopMoney>) => parseShopifyMoney(set.shop_money.amount, set.shop_money.currency_code);

/**
 * An `orders/create` delivery as the same order `ordersSince` reads. A signed delivery is still checked as an order
 * Shopify could send: at least one line, each of at least one unit at a price of 0 or more, a shipping
 * price of 0 or more, every amount in the one currency of the shop; anything else throws, and nothing is recorded.
 */
export function orderOfWebhook(rawBody: Buffer): ShopifyOrder {
  return orderOfWebhookBody(JSON.parse(rawBody.toString('utf8')));
}

/** The same, of the body already parsed as JSON. */
export function orderOfWebhookBody(body: unknown): ShopifyOrder {
  const order = restOrder.parse(body);
  const read = readOrder(order);
  const amounts = [read.shipping, ...read.lines.map((line) => line.unitPrice)];
  if (!read.lines.length) throw new ShopifyMoneyError('An order has at least one line');
  if (amounts.some((amount) => amount.amountMinor < 0)) throw new ShopifyMoneyError('A price cannot be negative');
  if (amounts.some((amount) => amount.currency !== read.shipping.currency)) throw new ShopifyMoneyError('An order is in one currency');
  return read;
}

function readOrder(order: z.infer<typeof restOrder>): ShopifyOrder {
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
      title: line.title ?? null,
      quantity: line.quantity,
      productId: line.product_id === null ? null : `gid://shopify/Product/${line.product_id}`,
      variantId: line.variant_id === null ? null : `gid://shopify/ProductVariant/${line.variant_id}`,
      unitPrice: money(line.price_set),
    })),
  };
}
