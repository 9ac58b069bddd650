import type { FastifyInstance } from 'fastify';
import { salesCheckResponse, salesPaths } from '@shared/contracts/sales';
import { simulatedBuyerRoute } from '../simulation/simulated-routes';
import type { SimulatedSales } from './simulated-sale';

/** "Simulate a sale" (signed-in scope), registered only while the server runs the simulated eBay. */
export async function simulatedSaleRoutesPlugin(app: FastifyInstance, deps: { simulatedSales: SimulatedSales }) {
  simulatedBuyerRoute(app, {
    path: salesPaths.simulatedSale,
    tags: ['sales'],
    summary: 'A simulated buyer buys the item live on the simulated eBay; the sale is then pulled as on “Check for sales”',
    response: salesCheckResponse,
    act: (userId, itemId) => deps.simulatedSales.sellItem(userId, itemId),
  });
}
