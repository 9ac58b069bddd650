import type { FastifyInstance } from 'fastify';
import { shopifyPaths } from '@shared/contracts/shopify';
import type { ShopifyOrderWebhooks } from './orders-webhook';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** Shopify's webhook endpoint (decision 077): public, Shopify calls it; the raw body is kept for the HMAC. */
export async function shopifyWebhookRoutesPlugin(app: FastifyInstance, deps: { webhooks: ShopifyOrderWebhooks }) {
  // The HMAC covers the body as sent: keep the raw bytes (this plugin's scope only).
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    shopifyPaths.webhooks,
    { schema: { tags: ['shopify'], summary: 'A Shopify webhook (orders/create), checked against X-Shopify-Hmac-Sha256' } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await deps.webhooks.receive(raw, {
        hmac: header(request.headers['x-shopify-hmac-sha256']),
        shop: header(request.headers['x-shopify-shop-domain']),
        topic: header(request.headers['x-shopify-topic']),
        webhookId: header(request.headers['x-shopify-webhook-id']),
      });
      if (answer.status === 401) return reply.status(401).send({ error: { code: 'UNAUTHORIZED', message: 'HMAC verification failed' } });
      if (answer.status === 400) return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: 'Not a Shopify order webhook' } });
      return reply.status(200).send();
    },
  );
}
