/**
 * Shopify's pushed sales (decision 077): the `orders/create` webhook at PUBLIC_URL/api/shopify/webhooks. Nothing in a
 * delivery is believed before its X-Shopify-Hmac-Sha256 (the raw body signed with the app's client secret) is checked.
 * Then the order is recorded for each seller whose connected store is X-Shopify-Shop-Domain, through the same path as
 * the pull (sales/sales.ts recordPushedSale): a line of a listing that seller's connection made, once, whichever of
 * push and pull comes first, and the sold item's other listings queued to end before any other job. A bad HMAC, a
 * replay (the same X-Shopify-Webhook-Id, or the same order again) and a store no seller connected change nothing;
 * each is logged without the body or any secret.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { sellersOfAccount } from '../../channel-accounts-repo';
import type { SalesService } from '../../../sales/sales';
import { isShopDomain } from '../api/shopify-oauth';
import { orderOfWebhook, verifyWebhook } from '../api/shopify-webhooks';
import type { ShopifyOrder } from '../api/shopify-orders';
import { saleLinesOfOrder } from '../sale-lines';

/** The webhook topic of a new order, as Shopify names it in X-Shopify-Topic (ORDERS_CREATE in GraphQL). */
export const ORDERS_CREATE_TOPIC = 'orders/create';
/** Webhook ids remembered in this process, so a retried delivery is not even parsed again (recording is idempotent anyway). */
const SEEN_IDS_KEPT = 1000;

export interface WebhookHeaders {
  hmac?: string;
  shop?: string;
  topic?: string;
  webhookId?: string;
}

/** Shopify retries anything but a 2xx (for 48 hours); 401 says the HMAC failed. */
export type WebhookAnswer =
  { status: 200; outcome: 'recorded' | 'replayed' | 'ignored' | 'not-ours' } | { status: 400 | 401; outcome: 'unreadable' | 'bad-hmac' };

export interface ShopifyOrderWebhooksDeps {
  db: Db;
  /** The app's client secret (the simulation's own when simulated); empty: every delivery is refused. */
  clientSecret: string;
  sales: Pick<SalesService, 'recordPushedSale'>;
  log: FastifyBaseLogger;
}

export function createShopifyOrderWebhooks(deps: ShopifyOrderWebhooksDeps) {
  const { db, log } = deps;
  const seen = new Set<string>();

  function remember(webhookId: string) {
    seen.add(webhookId);
    if (seen.size > SEEN_IDS_KEPT) seen.delete(seen.values().next().value!);
  }

  /** The order recorded for each seller connected to the store; answers for how many it was a sale. */
  async function recordOrder(shop: string, order: ShopifyOrder): Promise<number> {
    let salesOf = 0;
    for (const userId of await sellersOfAccount(db, 'shopify', shop)) {
      const outcome = await deps.sales.recordPushedSale(userId, 'shopify', saleLinesOfOrder(order));
      if (outcome.lines) salesOf += 1;
    }
    return salesOf;
  }

  async function receive(rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookAnswer> {
    const { shop, topic, webhookId } = headers;
    if (!deps.clientSecret || !verifyWebhook(rawBody, headers.hmac, deps.clientSecret)) {
      log.warn({ signed: Boolean(headers.hmac), bytes: rawBody.length }, 'Shopify webhook with a bad HMAC refused: nothing changed');
      return { status: 401, outcome: 'bad-hmac' };
    }
    if (topic !== ORDERS_CREATE_TOPIC) {
      log.info({ topic, shop }, 'Shopify webhook of a topic we do not handle');
      return { status: 200, outcome: 'ignored' };
    }
    if (!shop || !isShopDomain(shop)) return { status: 400, outcome: 'unreadable' };
    if (webhookId && seen.has(webhookId)) {
      log.info({ shop, webhookId }, 'Shopify webhook replayed: nothing changed');
      return { status: 200, outcome: 'replayed' };
    }
    let order: ShopifyOrder;
    try {
      order = orderOfWebhook(rawBody);
    } catch {
      log.warn({ shop, webhookId }, 'Shopify orders/create webhook not readable: nothing changed');
      return { status: 400, outcome: 'unreadable' };
    }
    // Recorded before it is remembered: a failure answers 500 and Shopify sends it again (recording is idempotent).
    const salesOf = await recordOrder(shop, order);
    if (webhookId) remember(webhookId);
    if (!salesOf) {
      log.warn({ shop, orderId: order.id }, 'Shopify order of no listing of our sellers: nothing recorded');
      return { status: 200, outcome: 'not-ours' };
    }
    return { status: 200, outcome: 'recorded' };
  }

  return { receive };
}

export type ShopifyOrderWebhooks = ReturnType<typeof createShopifyOrderWebhooks>;
