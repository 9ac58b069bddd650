import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { salesCheckResponse, salesPaths, simulatedSaleParams } from '@shared/contracts/sales';
import { currentUser } from '../../auth/session';
import type { SimulatedSales } from './simulated-sale';

/** "Simulate a sale" (signed-in scope), registered only while the server runs the simulated eBay. */
export async function simulatedSaleRoutesPlugin(app: FastifyInstance, deps: { simulatedSales: SimulatedSales }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    salesPaths.simulatedSale,
    {
      schema: {
        tags: ['sales'],
        summary: 'A simulated buyer buys the item live on the simulated eBay; the sale is then pulled as on “Check for sales”',
        params: simulatedSaleParams,
        response: { 200: salesCheckResponse },
      },
    },
    async (request) => deps.simulatedSales.sellItem(currentUser(request).id, request.params.itemId),
  );
}
