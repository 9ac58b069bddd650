import type { FastifyInstance } from 'fastify';
import { depopPaths, depopShopApi, SIMULATED_DEPOP_LABEL, SIMULATED_DEPOP_PATH } from '@shared/contracts/depop';
import { salesCheckResponse } from '@shared/contracts/sales';
import { simulatedBuyerRoute } from '../simulation/simulated-routes';
import type { AccountServices } from '../../auth/account-services';
import { currentUser, requireUser } from '../../auth/session';
import type { DepopAccountService } from './account/service';
import type { DepopAnswers } from './depop-answers';
import type { SimulatedDepop } from './simulation/simulated-depop';
import type { SimulatedDepopSales } from './simulation/simulated-sale';
import { serveSellerTable } from '../../http/seller-routes';
import { itemIdOr404 } from '../../items/item-id';

/** The seller's Depop shop (signed-in scope): the answers Depop asks of an item, and the shop's settings (decision 168). */
export async function depopShopRoutesPlugin(
  app: FastifyInstance,
  deps: { answers: DepopAnswers; account: Pick<DepopAccountService, 'shopSettings' | 'saveShopSettings'> },
) {
  const { answers, account } = deps;
  serveSellerTable(app, ['depop'], depopShopApi, {
    itemAnswers: async ({ seller, params, body }) => {
      const itemId = itemIdOr404(params.id);
      return { itemId, part: await answers.save(seller, itemId, body) };
    },
    shopSettings: ({ seller }) => account.shopSettings(seller),
    saveShopSettings: ({ seller, body }) => account.saveShopSettings(seller, body),
  });
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
