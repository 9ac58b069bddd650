import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { daysToSaleItemsBody, daysToSaleItemsResponse, daysToSaleResponse, daysToSaleRoutes } from '@shared/contracts/days-to-sale';
import { AppError } from '@shared/errors';
import { currentUser } from '../auth/session';
import type { DaysToSaleService } from './service';
import { routeDoc } from '../http/route-doc';

const profitDoc = routeDoc(['profit']);

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Days to sale, predicted, per marketplace for the seller's item (decision 147); another seller's item: 404. */
export async function daysToSaleRoutesPlugin(app: FastifyInstance, { daysToSale }: { daysToSale: DaysToSaleService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    daysToSaleRoutes.item,
    profitDoc('Days to sale, predicted per marketplace from the seller’s own sales, and what it rests on', {
      params: z.object({ id: z.string().max(64) }),
      response: { 200: daysToSaleResponse },
    }),
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Item not found');
      return daysToSale.forItem(currentUser(request).id, id);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    daysToSaleRoutes.items,
    profitDoc('Days to sale, predicted, for several of the seller’s items at once (the dashboard’s cards; decision 152)', {
      body: daysToSaleItemsBody,
      response: { 200: daysToSaleItemsResponse },
    }),
    async (request) => ({ items: await daysToSale.forItems(currentUser(request).id, request.body.itemIds) }),
  );
}
