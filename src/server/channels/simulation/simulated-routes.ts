import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { simulatedSaleParams } from '@shared/contracts/sales';
import { AppError } from '@shared/errors';
import type { AccountServices } from '../../auth/account-services';
import { currentUser, requireUser } from '../../auth/session';

type Accounts = Pick<AccountServices, 'auth' | 'lookUpSession'>;

/**
 * A simulated buyer's act on the seller's live item ("Simulate a sale", "Simulate a like"), as a signed-in route of
 * `POST path` with the item's id: registered only while the server runs that simulated marketplace. Every simulated
 * marketplace's button goes through here; each names only its path, its words, its answer and the act.
 */
export function simulatedBuyerRoute<Answer extends z.ZodType>(
  app: FastifyInstance,
  route: {
    path: string;
    tags: string[];
    summary: string;
    response: Answer;
    act: (userId: string, itemId: string) => Promise<z.infer<Answer>>;
  },
) {
  // `act` answers the response schema's type (the signature holds it); Fastify resolves no generic schema's answer.
  const response: z.ZodType = route.response;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      route.path,
      { schema: { tags: route.tags, summary: route.summary, params: simulatedSaleParams, response: { 200: response } } },
      async (request) => route.act(currentUser(request).id, request.params.itemId),
    );
}

/** The seller signed in on this browser (a simulated consent or order page is theirs alone), or null when signed out. */
export function signedInSellerOrNull(accounts: Accounts) {
  const signedIn = requireUser(accounts);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    try {
      await signedIn(request, reply);
      return request.user?.id ?? null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  };
}

/** What a simulated marketplace's browser page answers: its status and headers, and its body as the page sends it. */
interface SimulatedPage {
  status: number;
  headers?: Record<string, string>;
}

/**
 * A simulated marketplace's browser pages under the app's own address (`basePath`/*): its consent and the seller's
 * answer, a listing's view with its "Buy it now (simulation)", an order's page where the seller cancels it. Only these:
 * its API stays on loopback. A purchase or a cancel reaches the seller through the sales pull, as a real one does; it
 * is run at once rather than in minutes.
 */
export function simulatedBrowserPages<Page extends SimulatedPage>(
  app: FastifyInstance,
  pages: {
    basePath: string;
    accounts: Accounts;
    /** Whether the page is one the signed-in seller is read for (their consent, their order). */
    readsSeller: (path: string) => boolean;
    page: (method: string, path: string, formBody: string, seller: string | null) => Page | null;
    /** Whether a page the seller posted bought or cancelled something, so the sales pull runs now. */
    changesSales: (path: string) => boolean;
    checkSales: (seller: string) => Promise<unknown>;
    send: (reply: FastifyReply, page: Page) => FastifyReply;
  },
) {
  const sellerOf = signedInSellerOrNull(pages.accounts);
  // The consent form posts urlencoded; the fake reads the form itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: `${pages.basePath}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.slice(pages.basePath.length);
      const seller = pages.readsSeller(path) ? await sellerOf(request, reply) : null;
      const page = pages.page(request.method, path, typeof request.body === 'string' ? request.body : '', seller);
      if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      if (seller && request.method === 'POST' && page.status === 200 && pages.changesSales(path))
        await pages
          .checkSales(seller)
          .catch((err: unknown) => request.log.warn({ err, path: pages.basePath }, 'sales not pulled after a simulated purchase'));
      // Like a marketplace's consent page: the popup keeps its opener, so the callback can tell the screen.
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      // With no-referrer (the app's policy) Chromium sends the consent form with `Origin: null`, which the
      // cross-site guard refuses; same-origin sends the page's own origin.
      reply.header('referrer-policy', 'same-origin');
      reply.code(page.status).headers(page.headers ?? {});
      return pages.send(reply, page);
    },
  });
}
