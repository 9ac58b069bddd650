import type { FastifyInstance } from 'fastify';
import { SIMULATED_EBAY_PATH } from '@shared/domain/simulated-ebay';
import type { AccountServices } from '../../auth/account-services';
import { simulatedBrowserPages } from '../simulation/simulated-routes';
import { isSellersPage, type SimulatedEbay } from './api/simulated-ebay';
import type { SimulatedSales } from './simulated-sale';

/**
 * The simulated eBay's browser pages under the app's own address (SIMULATED_EBAY_PATH): the consent page, the
 * seller's answer to it, a published listing's view and its "Buy it now (simulation)", and an order's page where the
 * seller cancels it (the shared simulated pages).
 */
export async function simulatedEbayPages(
  app: FastifyInstance,
  {
    simulation,
    sales,
    accounts,
  }: { simulation: SimulatedEbay; sales: SimulatedSales; accounts: Pick<AccountServices, 'auth' | 'lookUpSession'> },
) {
  simulatedBrowserPages(app, {
    basePath: SIMULATED_EBAY_PATH,
    accounts,
    readsSeller: isSellersPage,
    page: (method, path, formBody, seller) => simulation.browserPage(method, path, formBody, seller),
    // "Buy it now" and an order cancelled.
    changesSales: (path) => path.startsWith('/itm/') || path.startsWith('/sh/'),
    checkSales: (seller) => sales.checkSales(seller),
    // A listing's photo is bytes (the listing's view shows its photos); a page is text; the rest JSON.
    send: (reply, { body }) =>
      reply.send(body === undefined || typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body)),
  });
}
