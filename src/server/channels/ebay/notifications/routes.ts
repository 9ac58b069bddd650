import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ebayPaths } from '@shared/contracts/ebay';
import { text } from '@shared/contracts/text';
import { AppError } from '@shared/errors';
import { headerText, webhookPostRoute } from '../../webhook-pipeline';
import type { EbayNotifications } from './ebay-notifications';

/** eBay's notification endpoint (decision 076): public, eBay calls it; 404 without EBAY_VERIFICATION_TOKEN. */
export async function ebayNotificationRoutesPlugin(app: FastifyInstance, deps: { notifications: EbayNotifications }) {
  const { notifications } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

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
      if (!notifications.enabled) throw new AppError('NOT_FOUND', 'Not found');
      return reply
        .header('content-type', 'application/json')
        .send({ challengeResponse: notifications.challenge(request.query.challenge_code) });
    },
  );

  webhookPostRoute(app, {
    path: ebayPaths.notifications,
    tags: ['ebay'],
    summary: 'An eBay notification (ORDER_CONFIRMATION, MARKETPLACE_ACCOUNT_DELETION), checked against X-EBAY-SIGNATURE',
    bodyLimit: 64 * 1024,
    headersOf: (request) => headerText(request.headers['x-ebay-signature']),
    receiver: () => notifications,
    enabled: () => notifications.enabled,
  });
}
