import type { FastifyInstance } from 'fastify';
import { salesCheckResponse } from '@shared/contracts/sales';
import { SIMULATED_ETSY_PATH, SIMULATED_ETSY_SALE_ROUTE } from '@shared/domain/simulated-etsy';
import type { AccountServices } from '../../../auth/account-services';
import { simulatedBrowserPages, simulatedBuyerRoute } from '../../simulation/simulated-routes';
import { isSellersPage } from './simulated-etsy';
import type { SimulatedEtsySales } from './simulated-sale';

/**
 * The simulated Etsy's browser pages under the app's address (SIMULATED_ETSY_PATH), as the simulated eBay's (the shared
 * simulated pages): the consent and its answer, a listing's view and its "Buy it now (simulation)", an order's page
 * where the seller cancels it. Its API stays on loopback.
 */
export async function simulatedEtsyPages(
  app: FastifyInstance,
  { etsy, accounts }: { etsy: SimulatedEtsySales; accounts: Pick<AccountServices, 'auth' | 'lookUpSession'> },
) {
  simulatedBrowserPages(app, {
    basePath: SIMULATED_ETSY_PATH,
    accounts,
    // A signed-in seller sees a listing as in their own simulated shop.
    readsSeller: () => true,
    page: (method, path, formBody, seller) => etsy.simulation.browserPage(method, path, formBody, seller),
    // "Buy it now" and an order cancelled.
    changesSales: (path) => isSellersPage(path) && !path.startsWith('/oauth/'),
    checkSales: (seller) => etsy.checkSales(seller),
    send: (reply, page) =>
      page.html !== undefined
        ? reply.type('text/html; charset=utf-8').send(page.html)
        : reply.send(page.body === undefined ? undefined : JSON.stringify(page.body)),
  });
}

/** "Simulate a sale on Etsy" (signed-in scope), registered only while the server runs the simulated Etsy. */
export async function simulatedEtsySaleRoutesPlugin(app: FastifyInstance, { etsy }: { etsy: SimulatedEtsySales }) {
  simulatedBuyerRoute(app, {
    path: SIMULATED_ETSY_SALE_ROUTE,
    tags: ['sales'],
    summary: 'A simulated buyer buys the item live on the simulated Etsy; the sale is then pulled as on “Check for sales”',
    response: salesCheckResponse,
    act: (userId, itemId) => etsy.sellItem(userId, itemId),
  });
}
