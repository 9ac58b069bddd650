import type { FastifyInstance } from 'fastify';
import { depopPaths } from '@shared/contracts/depop';
import type { DepopOrderWebhooks } from './order-webhook';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** Depop's webhook endpoint: public, Depop calls it; the raw body is kept for the signature. */
export async function depopWebhookRoutesPlugin(app: FastifyInstance, deps: { webhooks: DepopOrderWebhooks }) {
  // The signature covers the body as sent: keep the raw bytes (this plugin's scope only).
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    depopPaths.webhooks,
    {
      schema: {
        tags: ['depop'],
        summary: 'A Depop webhook (v1:order.new, v1:order.refund, v1:product.like, v1:product.unlike), checked against X-Depop-Signature',
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await deps.webhooks.receive(raw, {
        signature: header(request.headers['x-depop-signature']),
        timestamp: header(request.headers['x-depop-timestamp']),
      });
      if (answer.status === 401)
        return reply.status(401).send({ error: { code: 'UNAUTHORIZED', message: 'Signature verification failed' } });
      if (answer.status === 400)
        return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: 'Not a Depop webhook we can read' } });
      return reply.status(200).send();
    },
  );
}
