import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIMULATED_EBAY_PATH } from '@shared/domain/simulated-ebay';
import { AppError } from '@shared/errors';
import type { AccountServices } from '../auth/account-services';
import { requireUser } from '../auth/session';
import type { SimulatedEbay } from '../channels/ebay/api/simulated-ebay';

/**
 * The simulated eBay's browser pages under the app's own address (SIMULATED_EBAY_PATH): the consent page, the
 * seller's answer to it, and a published listing's view. Only these: its API and control endpoints stay on loopback.
 */
export async function simulatedEbayPages(
  app: FastifyInstance,
  { simulation, accounts }: { simulation: SimulatedEbay; accounts: Pick<AccountServices, 'auth' | 'lookUpSession'> },
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
      const page = simulation.browserPage(
        request.method,
        path,
        typeof request.body === 'string' ? request.body : '',
        path.startsWith('/oauth2/') ? await sellerOf(request, reply) : null,
      );
      if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      // Like eBay's consent page: the popup keeps its opener, so /ebay-callback can tell the eBay screen.
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      // With no-referrer (the app's policy) Chromium sends the consent form with `Origin: null`, which the
      // cross-site guard refuses; same-origin sends the page's own origin.
      reply.header('referrer-policy', 'same-origin');
      reply.code(page.status).headers(page.headers ?? {});
      return reply.send(page.body === undefined ? undefined : typeof page.body === 'string' ? page.body : JSON.stringify(page.body));
    },
  });
}
