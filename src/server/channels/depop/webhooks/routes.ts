import type { FastifyInstance } from 'fastify';
import { depopPaths } from '@shared/contracts/depop';
import { headerText, webhookPostRoute } from '../../webhook-pipeline';
import type { DepopOrderWebhooks } from './order-webhook';

/** Depop's webhook endpoint: public, Depop calls it; the raw body is kept for the signature. */
export async function depopWebhookRoutesPlugin(app: FastifyInstance, deps: { webhooks: DepopOrderWebhooks }) {
  webhookPostRoute(app, {
    path: depopPaths.webhooks,
    tags: ['depop'],
    summary: 'A Depop webhook (v1:order.new, v1:order.refund, v1:product.like, v1:product.unlike), checked against X-Depop-Signature',
    bodyLimit: 512 * 1024,
    headersOf: (request) => ({
      signature: headerText(request.headers['x-depop-signature']),
      timestamp: headerText(request.headers['x-depop-timestamp']),
    }),
    receiver: () => deps.webhooks,
  });
}
