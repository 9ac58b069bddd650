import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ebayPaths } from '@shared/contracts/ebay';
import { text } from '@shared/contracts/text';
import { AppError } from '@shared/errors';
import type { EbayNotifications } from './ebay-notifications';

/** eBay's notification endpoint (decision 076): public, eBay calls it; 404 without EBAY_VERIFICATION_TOKEN. */
export async function ebayNotificationRoutesPlugin(app: FastifyInstance, deps: { notifications: EbayNotifications }) {
  const { notifications } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The signature covers the body as sent: keep the raw text (this plugin's scope only).
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  const disabled = () => new AppError('NOT_FOUND', 'Not found');

  typed.get(
    ebayPaths.notifications,
    {
      schema: {
        tags: ['ebay'],
        summary: 'eBay’s endpoint challenge: sha256hex(challengeCode + verificationToken + endpoint)',
        querystring: z.object({ challenge_code: text().min(1).max(500) }),
        response: { 200: z.object({ challengeResponse: z.string() }) },
      },
    },
    async (request, reply) => {
      if (!notifications.enabled) throw disabled();
      return reply
        .header('content-type', 'application/json')
        .send({ challengeResponse: notifications.challenge(request.query.challenge_code) });
    },
  );

  typed.post(
    ebayPaths.notifications,
    {
      schema: {
        tags: ['ebay'],
        summary: 'An eBay notification (ORDER_CONFIRMATION, MARKETPLACE_ACCOUNT_DELETION), checked against X-EBAY-SIGNATURE',
      },
    },
    async (request, reply) => {
      if (!notifications.enabled) throw disabled();
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['x-ebay-signature'];
      const answer = await notifications.receive(raw, typeof header === 'string' ? header : undefined);
      if (answer.status === 412)
        return reply.status(412).send({ error: { code: 'PRECONDITION_FAILED', message: 'Signature verification failed' } });
      if (answer.status === 400) return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: 'Not an eBay notification' } });
      return reply.status(204).send();
    },
  );
}
