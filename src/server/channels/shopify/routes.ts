import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { salesCheckResponse } from '@shared/contracts/sales';
import { simulatedBuyerRoute } from '../simulation/simulated-routes';
import { shopifyApi, shopifyMessages, shopifyPaths } from '@shared/contracts/shopify';
import { webPaths } from '@shared/contracts/web-paths';
import { simulatedOrderWords } from '@shared/domain/simulated-orders';
import { SIMULATED_SHOPIFY_LABEL, SIMULATED_SHOPIFY_PATH } from '@shared/domain/simulated-shopify';
import { AppError } from '@shared/errors';
import type { AccountServices } from '../../auth/account-services';
import { currentUser, requireUser } from '../../auth/session';
import { ShopifyApiError, ShopifyGraphqlError, ShopifyUnreachableError } from './api/shopify-errors';
import { isSimulatedShopOf, type ShopifyAccountService } from './account/service';
import type { SimulatedShopify } from './simulation/simulated-shopify';
import type { SimulatedShopifySales } from './simulation/simulated-sale';
import { serveSellerTable } from '../../http/seller-routes';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The Shopify routes (signed-in scope): the store's details, the callback Shopify's install sends the seller back to (its
 * registered redirect URL) and, simulated, a sale. Connecting and disconnecting go through /api/channels/shopify/...
 * (decision 094).
 */
export async function shopifyRoutesPlugin(
  app: FastifyInstance,
  deps: {
    account: ShopifyAccountService;
    simulatedSales: SimulatedShopifySales | null;
  },
) {
  const { account, simulatedSales } = deps;
  serveSellerTable(app, ['shopify'], shopifyApi, { connection: ({ seller }) => account.getConnection(seller) });

  app.get(
    shopifyPaths.callback,
    // A browser's page (it answers with a redirect to the Marketplaces screen), not an API: hidden from the OpenAPI page.
    {
      schema: { hide: true, summary: 'Where Shopify sends the seller back: HMAC and state checked, the code exchanged' },
      // Connected (again): the products waiting for the store are checked again.
      config: { rechecksWaiting: true },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      let problem: string | null = null;
      try {
        await account.completeOAuth(currentUser(request).id, query);
      } catch (err) {
        if (err instanceof AppError) problem = err.message;
        else if (err instanceof ShopifyApiError || err instanceof ShopifyGraphqlError || err instanceof ShopifyUnreachableError) {
          request.log.warn({ err }, 'Shopify connection failed');
          problem = shopifyMessages.connectFailed;
        } else throw err;
      }
      return reply.redirect(problem ? `${webPaths.channels}?shopifyError=${encodeURIComponent(problem)}` : webPaths.channels);
    },
  );

  if (!simulatedSales) return;
  simulatedBuyerRoute(app, {
    path: shopifyPaths.simulatedSale,
    tags: ['sales'],
    summary: 'A simulated buyer buys the item live on the simulated Shopify; the sale is then pulled as on “Check for sales”',
    response: salesCheckResponse,
    act: (userId, itemId) => simulatedSales.sellItem(userId, itemId),
  });
}

/**
 * The simulated Shopify's browser pages under the app's address: the install step, a product's page (public), and an
 * order's page in the store's admin, where its seller cancels it (the app's "Cancel on Shopify" link, decision 083).
 */
export async function simulatedShopifyPages(
  app: FastifyInstance,
  {
    simulation,
    accounts,
    checkSales,
  }: {
    simulation: SimulatedShopify;
    accounts: Pick<AccountServices, 'auth' | 'lookUpSession'>;
    /** The seller's Shopify sales pull, run once an order is cancelled (as "Buy it now" runs it on the others). */
    checkSales: (userId: string) => Promise<unknown>;
  },
) {
  const shopParam = z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/);
  const signedIn = requireUser(accounts);
  /** The signed-in seller whose simulated store `shop` is, or null (signed out: 401; another's store: 404). */
  async function storeSeller(request: FastifyRequest, reply: FastifyReply, shop: string): Promise<string | null> {
    try {
      await signedIn(request, reply);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
        await orderPage(reply, 401, `<h1>${escapeHtml(simulatedOrderWords.signInFirst)}</h1>`);
        return null;
      }
      throw error;
    }
    const userId = request.user?.id ?? '';
    if (shopParam.safeParse(shop).success && isSimulatedShopOf(userId, shop)) return userId;
    await orderPage(reply, 404, `<h1>${escapeHtml(simulatedOrderWords.notFound)}</h1>`);
    return null;
  }
  const orderPage = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      // As on the other simulations' pages: with no-referrer (the app's policy) Chromium sends the cancel form with
      // `Origin: null`, which the cross-site guard refuses; same-origin sends the page's own origin.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Simulated Shopify</title></head><body><p role="status"><strong>${SIMULATED_SHOPIFY_LABEL}</strong></p>${body}</body></html>`,
      );
  async function showOrder(reply: FastifyReply, shop: string, id: string) {
    const order = simulation.order(shop, id);
    if (!order) return orderPage(reply, 404, `<h1>${escapeHtml(simulatedOrderWords.notFound)}</h1>`);
    const lines = order.lines
      .map(
        (line) => `<li>SKU ${escapeHtml(line.sku ?? '')} · ${line.quantity} × ${escapeHtml(line.price)} ${escapeHtml(order.currency)}</li>`,
      )
      .join('');
    // Relative: the form posts to …/admin/orders/{id}/cancel.
    const cancel = order.cancelled
      ? `<p data-state="cancelled">${escapeHtml(simulatedOrderWords.cancelled)}</p>`
      : `<p data-state="open">${escapeHtml(simulatedOrderWords.open)}</p><form method="post" action="${encodeURIComponent(id)}/cancel"><button type="submit" style="min-height:44px">${escapeHtml(simulatedOrderWords.cancel)}</button></form>`;
    return orderPage(
      reply,
      200,
      `<h1>${escapeHtml(simulatedOrderWords.heading(order.name))}</h1><p>${escapeHtml(simulatedOrderWords.buyer(order.buyer ?? 'Guest'))}</p><ul>${lines}</ul>${cancel}`,
    );
  }
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get(`${SIMULATED_SHOPIFY_PATH}/:shop/admin/orders/:id`, { schema: { hide: true } }, async (request, reply) => {
    const { shop, id } = request.params as { shop: string; id: string };
    if (!(await storeSeller(request, reply, shop))) return reply;
    return showOrder(reply, shop, id);
  });
  app.post(`${SIMULATED_SHOPIFY_PATH}/:shop/admin/orders/:id/cancel`, { schema: { hide: true } }, async (request, reply) => {
    const { shop, id } = request.params as { shop: string; id: string };
    const seller = await storeSeller(request, reply, shop);
    if (!seller) return reply;
    if (simulation.cancel(shop, id))
      await checkSales(seller).catch((err: unknown) => request.log.warn({ err }, 'sales not pulled after a simulated Shopify cancel'));
    return showOrder(reply, shop, id);
  });

  app.get(`${SIMULATED_SHOPIFY_PATH}/:shop/admin/oauth/authorize`, { schema: { hide: true } }, async (request, reply) => {
    const shop = shopParam.safeParse((request.params as { shop: string }).shop);
    if (!shop.success) return reply.code(404).send('Not found');
    const answer = await simulation.authorize(shop.data, request.url.split('?')[1] ?? '');
    if (!answer.location) return reply.code(400).type('text/plain; charset=utf-8').send('The simulated Shopify refused the install.');
    return reply.redirect(answer.location);
  });
  app.get(`${SIMULATED_SHOPIFY_PATH}/:shop/products/:handle`, { schema: { hide: true } }, async (request, reply) => {
    const { shop, handle } = request.params as { shop: string; handle: string };
    const product = shopParam.safeParse(shop).success ? simulation.product(shop, handle) : null;
    const body = product
      ? `<h1>${escapeHtml(product.title)}</h1><p>$${escapeHtml(product.price)} · ${product.status === 'ACTIVE' ? 'On sale' : 'Archived'}</p>`
      : '<h1>No such product</h1>';
    return reply
      .code(product ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Simulated Shopify</title></head><body><p role="status"><strong>${SIMULATED_SHOPIFY_LABEL}</strong></p>${body}</body></html>`,
      );
  });
}
