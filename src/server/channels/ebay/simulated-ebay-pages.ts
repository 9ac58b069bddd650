import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIMULATED_EBAY_PATH } from '@shared/domain/simulated-ebay';
import { AppError } from '@shared/errors';
import type { AccountServices } from '../../auth/account-services';
import { requireUser } from '../../auth/session';
import { isSellersPage, type SimulatedEbay } from './api/simulated-ebay';
import type { SimulatedSales } from './simulated-sale';

/**
 * The simulated eBay's browser pages under the app's own address (SIMULATED_EBAY_PATH): the consent page, the
 * seller's answer to it, a published listing's view and its "Buy it now (simulation)", and an order's page where the
 * seller cancels it. Only these: its API and control endpoints stay on loopback.
 */
export async function simulatedEbayPages(
  app: FastifyInstance,
  {
    simulation,
    sales,
    accounts,
  }: { simulation: SimulatedEbay; sales: SimulatedSales; accounts: Pick<AccountServices, 'auth' | 'lookUpSession'> },
) {
  const signedIn = requireUser(accounts);
  /** The seller signed in on this browser (the consent is theirs alone), or null. */
  async function sellerOf(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    try {
      await signedIn(request, reply);
      return request.user?.id ?? null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  }
  // The consent form posts urlencoded; the fake reads the form itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: `${SIMULATED_EBAY_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.slice(SIMULATED_EBAY_PATH.length);
      const seller = isSellersPage(path) ? await sellerOf(request, reply) : null;
      const page = simulation.browserPage(request.method, path, typeof request.body === 'string' ? request.body : '', seller);
      if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      // "Buy it now" and an order cancelled: they reach the seller through the pull, as a real one does; run it now
      // rather than in minutes.
      if (seller && request.method === 'POST' && page.status === 200 && (path.startsWith('/itm/') || path.startsWith('/sh/')))
        await sales.checkSales(seller).catch((err: unknown) => request.log.warn({ err }, 'sales not pulled after a simulated purchase'));
      // Like eBay's consent page: the popup keeps its opener, so /ebay-callback can tell the eBay screen.
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      // With no-referrer (the app's policy) Chromium sends the consent form with `Origin: null`, which the
      // cross-site guard refuses; same-origin sends the page's own origin.
      reply.header('referrer-policy', 'same-origin');
      reply.code(page.status).headers(page.headers ?? {});
      // A listing's photo is bytes (the listing's view shows its photos); a page is text; the rest JSON.
      const body = page.body;
      return reply.send(body === undefined || typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    },
  });
}
