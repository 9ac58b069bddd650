import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { salesCheckResponse, salesPaths, simulatedSaleParams } from '@shared/contracts/sales';
import { SIMULATED_ETSY_PATH } from '@shared/domain/simulated-etsy';
import { AppError } from '@shared/errors';
import type { AccountServices } from '../../../auth/account-services';
import { currentUser, requireUser } from '../../../auth/session';
import { isSellersPage } from './simulated-etsy';
import type { SimulatedEtsySales } from './simulated-sale';

/**
 * The simulated Etsy's browser pages under the app's address (SIMULATED_ETSY_PATH), as the simulated eBay's: the
 * consent and its answer, a listing's view and its "Buy it now (simulation)", an order's page where the seller cancels
 * it. Its API stays on loopback.
 */
export async function simulatedEtsyPages(
  app: FastifyInstance,
  { etsy, accounts }: { etsy: SimulatedEtsySales; accounts: Pick<AccountServices, 'auth' | 'lookUpSession'> },
) {
  const signedIn = requireUser(accounts);
  async function sellerOf(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    try {
      await signedIn(request, reply);
      return request.user?.id ?? null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  }
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: `${SIMULATED_ETSY_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.slice(SIMULATED_ETSY_PATH.length);
      const seller = await sellerOf(request, reply);
      const page = etsy.simulation.browserPage(request.method, path, typeof request.body === 'string' ? request.body : '', seller);
      if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      // "Buy it now" and an order cancelled: they reach the seller through the pull, as a real one does; run it now
      // rather than in minutes.
      if (seller && request.method === 'POST' && page.status === 200 && isSellersPage(path) && !path.startsWith('/oauth/'))
        await etsy
          .checkSales(seller)
          .catch((err: unknown) => request.log.warn({ err }, 'sales not pulled after a simulated Etsy purchase'));
      // As on the simulated eBay: the consent popup keeps its opener, and its form is sent with the page's own origin.
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      reply.header('referrer-policy', 'same-origin');
      reply.code(page.status).headers(page.headers ?? {});
      if (page.html !== undefined) return reply.type('text/html; charset=utf-8').send(page.html);
      return reply.send(page.body === undefined ? undefined : JSON.stringify(page.body));
    },
  });
}

/** "Simulate a sale on Etsy" (signed-in scope), registered only while the server runs the simulated Etsy. */
export async function simulatedEtsySaleRoutesPlugin(app: FastifyInstance, { etsy }: { etsy: SimulatedEtsySales }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    salesPaths.simulatedEtsySale,
    {
      schema: {
        tags: ['sales'],
        summary: 'A simulated buyer buys the item live on the simulated Etsy; the sale is then pulled as on “Check for sales”',
        params: simulatedSaleParams,
        response: { 200: salesCheckResponse },
      },
    },
    async (request) => etsy.sellItem(currentUser(request).id, request.params.itemId),
  );
}
