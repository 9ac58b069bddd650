import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { salesCheckResponse, simulatedSaleParams } from '@shared/contracts/sales';
import { shopifyConnectionResponse, shopifyMessages, shopifyPaths } from '@shared/contracts/shopify';
import { webPaths } from '@shared/contracts/web-paths';
import { SIMULATED_SHOPIFY_LABEL, SIMULATED_SHOPIFY_PATH } from '@shared/domain/simulated-shopify';
import { AppError } from '@shared/errors';
import { currentUser } from '../../auth/session';
import { ShopifyApiError, ShopifyGraphqlError, ShopifyUnreachableError } from './api/shopify-errors';
import type { ShopifyAccountService } from './account/service';
import type { SimulatedShopify } from './simulation/simulated-shopify';
import type { SimulatedShopifySales } from './simulation/simulated-sale';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The Shopify routes (signed-in scope): the store's details, the callback Shopify's install sends the seller back to (its
 * registered redirect URL) and, simulated, a sale. Connecting and disconnecting go through /api/channels/shopify/...
 * (decision 094).
 */
export async function shopifyRoutes(
  app: FastifyInstance,
  deps: {
    account: ShopifyAccountService;
    simulatedSales: SimulatedShopifySales | null;
  },
) {
  const { account, simulatedSales } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shopify'];

  typed.get(
    shopifyPaths.connection,
    { schema: { tags, summary: 'The seller’s Shopify store (never the token)', response: { 200: shopifyConnectionResponse } } },
    async (request) => account.getConnection(currentUser(request).id),
  );

  typed.get(
    shopifyPaths.callback,
    // A browser's page (it answers with a redirect to the Marketplaces screen), not an API: hidden from the OpenAPI page.
    { schema: { hide: true, summary: 'Where Shopify sends the seller back: HMAC and state checked, the code exchanged' } },
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
  typed.post(
    shopifyPaths.simulatedSale,
    {
      schema: {
        tags: ['sales'],
        summary: 'A simulated buyer buys the item live on the simulated Shopify; the sale is then pulled as on “Check for sales”',
        params: simulatedSaleParams,
        response: { 200: salesCheckResponse },
      },
    },
    async (request) => simulatedSales.sellItem(currentUser(request).id, request.params.itemId),
  );
}

/** The simulated Shopify's browser pages under the app's address: the install step and a product's page (public). */
export async function simulatedShopifyPages(app: FastifyInstance, { simulation }: { simulation: SimulatedShopify }) {
  const shopParam = z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/);
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
