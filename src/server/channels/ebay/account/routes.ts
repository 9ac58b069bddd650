import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ebayApi, ebayPaths } from '@shared/contracts/ebay';
import { text } from '@shared/contracts/text';
import { AppError } from '@shared/errors';
import type { AccountDeletion, DeletionNotification } from './account-deletion';
import type { FirstPublishLocation } from '../publish/first-publish-location';
import type { EbayAccountService } from './service';
import { routeDoc } from '../../../http/route-doc';
import { serveSellerTable } from '../../../http/seller-routes';

const ebayDoc = routeDoc(['ebay']);

/** The eBay account routes (signed-in scope): status, policies, location; connecting is /api/channels/ebay/... (decision 094). */
export async function ebayRoutesPlugin(
  app: FastifyInstance,
  deps: { ebay: EbayAccountService; firstPublishLocation?: FirstPublishLocation },
) {
  const { ebay } = deps;
  serveSellerTable(app, ['ebay'], ebayApi, {
    connection: async ({ seller }) => {
      const answer = await ebay.getConnection(seller);
      const locationOnFirstPublish = (await deps.firstPublishLocation?.createsLocation(seller, answer.connection)) ?? null;
      return { ...answer, locationOnFirstPublish };
    },
    setSkuPrefix: async ({ seller, body }) => ({ skuPrefix: await ebay.setSkuPrefix(seller, body.skuPrefix) }),
    checkPolicies: ({ seller }) => ebay.checkPolicies(seller),
    choosePolicies: ({ seller, body }) => ebay.choosePolicies(seller, body),
    shippingServices: async ({ seller }) => ({ services: await ebay.shippingServices(seller) }),
    createPolicies: ({ seller, body }) => ebay.createPolicies(seller, body),
    setLocation: ({ seller, body }) => ebay.setDefaultLocation(seller, body),
  });
}

/** eBay's marketplace account deletion endpoint: public, eBay calls it. */
export async function ebayAccountDeletionRoutesPlugin(app: FastifyInstance, deps: { deletion: AccountDeletion }) {
  const { deletion } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The signature covers the body as sent: keep the raw text (this plugin's scope only).
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  const disabled = () => new AppError('NOT_FOUND', 'Not found');

  typed.get(
    ebayPaths.accountDeletion,
    ebayDoc('eBay’s challenge: sha256hex(challengeCode + verificationToken + endpoint)', {
      querystring: z.object({ challenge_code: text().min(1).max(500) }),
      response: { 200: z.object({ challengeResponse: z.string() }) },
    }),
    async (request, reply) => {
      if (!deletion.enabled) throw disabled();
      return reply.header('content-type', 'application/json').send({ challengeResponse: deletion.challenge(request.query.challenge_code) });
    },
  );

  typed.post(
    ebayPaths.accountDeletion,
    ebayDoc('A MARKETPLACE_ACCOUNT_DELETION notification, checked against X-EBAY-SIGNATURE', {}),
    async (request, reply) => {
      if (!deletion.enabled) throw disabled();
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['x-ebay-signature'];
      if (!(await deletion.verify(raw, typeof header === 'string' ? header : undefined))) {
        request.log.warn('eBay account deletion notification with a bad signature refused');
        return reply.status(412).send({ error: { code: 'PRECONDITION_FAILED', message: 'Signature verification failed' } });
      }
      const notification = JSON.parse(raw) as DeletionNotification;
      // Acknowledge at once; the deletion runs after the answer.
      void deletion.process(notification).catch((error: unknown) => {
        request.log.error({ reason: (error as Error).message }, 'eBay account deletion failed');
      });
      return reply.status(204).send();
    },
  );
}
