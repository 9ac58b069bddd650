import type { FastifyInstance } from 'fastify';
import { shopifyPaths } from '@shared/contracts/shopify';
import { headerText, webhookPostRoute } from '../../webhook-pipeline';
import type { ShopifyOrderWebhooks } from './orders-webhook';

/** Shopify's webhook endpoint (decision 077): public, Shopify calls it; the raw body is kept for the HMAC. */
export async function shopifyWebhookRoutesPlugin(app: FastifyInstance, deps: { webhooks: ShopifyOrderWebhooks }) {
  webhookPostRoute(app, {
    path: shopifyPaths.webhooks,
    tags: ['shopify'],
    summary: 'A Shopify webhook (orders/create), checked against X-Shopify-Hmac-Sha256',
    bodyLimit: 512 * 1024,
    headersOf: (request) => ({
      hmac: headerText(request.headers['x-shopify-hmac-sha256']),
      shop: headerText(request.headers['x-shopify-shop-domain']),
      topic: headerText(request.headers['x-shopify-topic']),
      webhookId: headerText(request.headers['x-shopify-webhook-id']),
    }),
    receiver: () => deps.webhooks,
  });
}
