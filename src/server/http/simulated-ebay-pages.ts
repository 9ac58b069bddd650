import type { FastifyInstance } from 'fastify';
import { SIMULATED_EBAY_PATH } from '@shared/domain/simulated-ebay';
import type { SimulatedEbay } from '../channels/ebay/api/simulated-ebay';

/**
 * The simulated eBay's browser pages under the app's own address (SIMULATED_EBAY_PATH): the consent page, the
 * seller's answer to it, and a published listing's view. Only these: its API and control endpoints stay on loopback.
 */
export async function simulatedEbayPages(app: FastifyInstance, { simulation }: { simulation: SimulatedEbay }) {
  // The consent form posts urlencoded; the fake reads the form itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: `${SIMULATED_EBAY_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const page = simulation.browserPage(
        request.method,
        request.url.slice(SIMULATED_EBAY_PATH.length),
        typeof request.body === 'string' ? request.body : '',
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
