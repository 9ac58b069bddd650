import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  depopAnswersBody,
  depopAnswersParams,
  depopAnswersResponse,
  depopPaths,
  depopShopSettings,
  depopShopSettingsBody,
  SIMULATED_DEPOP_LABEL,
  SIMULATED_DEPOP_PATH,
} from '@shared/contracts/depop';
import { salesCheckResponse } from '@shared/contracts/sales';
import { simulatedBuyerRoute } from '../simulation/simulated-routes';
import type { AccountServices } from '../../auth/account-services';
import { AppError } from '@shared/errors';
import { currentUser, requireUser } from '../../auth/session';
import type { DepopAccountService } from './account/service';
import type { DepopAnswers } from './depop-answers';
import type { SimulatedDepop } from './simulation/simulated-depop';
import type { SimulatedDepopSales } from './simulation/simulated-sale';
import { routeDoc } from '../../http/route-doc';

const depopDoc = routeDoc(['depop']);

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The seller's answers for Depop (signed-in scope): what Depop asks that the item does not tell. */
export async function depopAnswersRoutesPlugin(app: FastifyInstance, { answers }: { answers: DepopAnswers }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    depopPaths.itemAnswers,
    depopDoc('The seller’s answers for Depop: its product type, the size in its size set, the national shipping price', {
      params: depopAnswersParams,
      body: depopAnswersBody,
      response: { 200: depopAnswersResponse },
    }),
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Item not found');
      return { itemId: id, part: await answers.save(currentUser(request).id, id, request.body) };
    },
  );
}

/** The connected shop's settings (signed-in scope): its default shipping price, asked once (decision 168). */
export async function depopShopSettingsRoutesPlugin(
  app: FastifyInstance,
  { account }: { account: Pick<DepopAccountService, 'shopSettings' | 'saveShopSettings'> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    depopPaths.shopSettings,
    {
      schema: {
        tags: ['depop'],
        summary: 'The connected Depop shop’s settings: its default national shipping price (a null currency before a shop is connected)',
        response: { 200: depopShopSettings },
      },
    },
    async (request) => account.shopSettings(currentUser(request).id),
  );
  app.withTypeProvider<ZodTypeProvider>().put(
    depopPaths.shopSettings,
    {
      schema: {
        tags: ['depop'],
        summary:
          'Sets the Depop shop’s default national shipping price, in the shop’s currency (null: none, each item asked); 409 unconnected',
        body: depopShopSettingsBody,
        response: { 200: depopShopSettings },
      },
      // The shipping price is what Depop's check asks of every product without one of its own.
      config: { rechecksWaiting: true },
    },
    async (request) => account.saveShopSettings(currentUser(request).id, request.body),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The consent page's address with the site its new shop starts on (the fake's `country` hint). */
function withSiteHint(pathAndQuery: string, site: 'GB' | 'US'): string {
  const url = new URL(pathAndQuery, 'http://depop.simulated');
  url.searchParams.set('country', site);
  return `${url.pathname}${url.search}`;
}

/** "Simulate a sale on Depop" (signed-in scope), registered only while the server runs the simulated Depop. */
export async function simulatedDepopSaleRoutesPlugin(app: FastifyInstance, { depop }: { depop: SimulatedDepopSales }) {
  simulatedBuyerRoute(app, {
    path: depopPaths.simulatedSale,
    tags: ['sales'],
    summary: 'The simulated Depop’s test buyer buys the item live there; its signed webhook records the sale, then a pull reconciles',
    response: salesCheckResponse,
    act: (userId, itemId) => depop.sellItem(userId, itemId),
  });
}

/**
 * The simulated Depop's pages under the app's address: its consent (signed-in sellers only; the fake's page and its
 * answer, which sends the browser back to the Marketplaces screen with the code) and a product's page (public). Its webhooks reach the app's webhook route
 * in-process (`deliverTo`), signed.
 */
export async function simulatedDepopPages(
  app: FastifyInstance,
  {
    simulation,
    accounts,
    siteOf,
  }: {
    simulation: SimulatedDepop;
    accounts: Pick<AccountServices, 'auth' | 'lookUpSession'>;
    /** The Depop site the seller's new simulated shop starts on: the one of their own country and currency. */
    siteOf: (userId: string) => Promise<'GB' | 'US'>;
  },
) {
  const signedIn = requireUser(accounts);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: `${SIMULATED_DEPOP_PATH}/settings/oauth/apps/`,
    schema: { hide: true },
    preHandler: signedIn,
    handler: async (request, reply) => {
      const pathAndQuery = request.url.slice(SIMULATED_DEPOP_PATH.length);
      const page = await simulation.consentPage(
        request.method,
        request.method === 'GET' ? withSiteHint(pathAndQuery, await siteOf(currentUser(request).id)) : pathAndQuery,
        typeof request.body === 'string' ? request.body : '',
      );
      if (page.location) return reply.redirect(page.location);
      reply.header('referrer-policy', 'same-origin');
      return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
    },
  });
  app.get(`${SIMULATED_DEPOP_PATH}/products/:slug/`, { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const product = simulation.product(slug);
    const body = product
      ? `<h1>${escapeHtml(product.description.split('\n')[0] ?? '')}</h1><p>${escapeHtml(`${product.price} ${product.currency}`)} · ${product.onSale ? 'On sale' : 'Sold'}</p>${product.size ? `<p data-testid="product-size">Size: ${escapeHtml(product.size)}</p>` : ''}`
      : '<h1>No such product</h1>';
    return reply
      .code(product ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Simulated Depop</title></head><body><p role="status"><strong>${escapeHtml(SIMULATED_DEPOP_LABEL)}</strong></p>${body}</body></html>`,
      );
  });
  simulation.deliverTo(async (url, init) => {
    const answer = await app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: typeof init.body === 'string' ? init.body : '',
    });
    return new Response(answer.body || null, { status: answer.statusCode });
  });
}
