/**
 * Shopify's pushed sales (decision 077): the `orders/create` webhook at PUBLIC_URL/api/shopify/webhooks, through the
 * one webhook pipeline (channels/webhook-pipeline.ts). Nothing in a delivery is believed before its
 * X-Shopify-Hmac-Sha256 (the raw body signed with the app's client secret) is checked. The body is the REST Order
 * resource, which the stored document (the GraphQL schema) does not show (contracts/shopify/DERIVED.md): an order in
 * full is recorded for each seller whose connected store is X-Shopify-Shop-Domain, through the same path as the pull
 * (sales/sales.ts recordPushedSale): a line of a listing that seller's connection made, once, whichever of push and
 * pull comes first, and the sold item's other listings queued to end before any other job. A body without the
 * order's lines still says the store has a new order: its sellers' sales are pulled at once. A bad HMAC, a replay
 * (the same X-Shopify-Webhook-Id, or the same order again) and a store no seller connected change nothing; each is
 * logged without the body or any secret.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { sellersOfAccount } from '../../channel-accounts-repo';
import type { SalesService } from '../../../sales/sales';
import { createWebhookReceiver, seenInMemory, type HandledOutcome, type WebhookContext } from '../../webhook-pipeline';
import { isShopDomain } from '../api/shopify-oauth';
import { orderOfWebhookBody, verifyWebhook } from '../api/shopify-webhooks';
import { saleLinesOfOrder } from '../sale-lines';

/** The webhook topic of a new order, as Shopify names it in X-Shopify-Topic (ORDERS_CREATE in GraphQL). */
export const ORDERS_CREATE_TOPIC = 'orders/create';

export interface WebhookHeaders {
  hmac?: string;
  shop?: string;
  topic?: string;
  webhookId?: string;
}

export interface ShopifyOrderWebhooksDeps {
  db: Db;
  /** The app's client secret (the simulation's own when simulated); empty: every delivery is refused. */
  clientSecret: string;
  sales: Pick<SalesService, 'recordPushedSale'>;
  log: FastifyBaseLogger;
}

/** Any JSON object: an order in full (its `line_items` there) is read strictly when handled; anything else is 400. */
const shopifyDelivery = z.record(z.string(), z.unknown());
type ShopifyDelivery = z.infer<typeof shopifyDelivery>;

export function createShopifyOrderWebhooks(deps: ShopifyOrderWebhooksDeps) {
  const { db } = deps;

  async function handle(body: ShopifyDelivery, headers: WebhookHeaders, context: WebhookContext): Promise<HandledOutcome> {
    const { shop, topic } = headers;
    if (topic !== ORDERS_CREATE_TOPIC) {
      context.log.info({ topic, shop }, 'Shopify webhook of a topic we do not handle');
      return 'ignored';
    }
    const sellers = await sellersOfAccount(db, 'shopify', shop!);
    if (!sellers.length) return 'not-ours';
    if (!('line_items' in body)) {
      context.log.info({ shop }, 'Shopify orders/create without the order’s lines: the store’s sales are pulled');
      await context.pullSoon(sellers);
      return 'pulled';
    }
    const order = orderOfWebhookBody(body);
    let outcome: HandledOutcome = 'not-ours';
    for (const userId of sellers) {
      if ((await deps.sales.recordPushedSale(userId, 'shopify', saleLinesOfOrder(order))).lines) outcome = 'recorded';
    }
    return outcome;
  }

  return createWebhookReceiver<WebhookHeaders, ShopifyDelivery>(
    {
      channel: 'shopify',
      name: 'Shopify webhook',
      okStatus: 200,
      refusedStatus: 401,
      verify: (rawBody, headers) => Boolean(deps.clientSecret) && verifyWebhook(rawBody, headers.hmac, deps.clientSecret),
      // An order in full must be one Shopify could send (lines, amounts of 0 or more, one currency); the shop a store.
      schema: shopifyDelivery,
      accepts: (body, headers) =>
        headers.topic !== ORDERS_CREATE_TOPIC ||
        (Boolean(headers.shop && isShopDomain(headers.shop)) && (!('line_items' in body) || fullOrder(body))),
      deliveryId: (_body, headers) => headers.webhookId ?? null,
      kindOf: (_body, headers) => headers.topic ?? '',
      marketplaceError: () => null,
      handle,
      seen: seenInMemory(),
    },
    { db, log: deps.log },
  );
}

/** Whether a body with lines is an order Shopify could send (negative amounts, no units or two currencies are not). */
function fullOrder(body: ShopifyDelivery): boolean {
  try {
    orderOfWebhookBody(body);
    return true;
  } catch {
    return false;
  }
}

export type ShopifyOrderWebhooks = ReturnType<typeof createShopifyOrderWebhooks>;
