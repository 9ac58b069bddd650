import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemIdParams } from '@shared/contracts/items';
import {
  itemProfitResponse,
  saleFigures,
  profitQuery,
  profitResponse,
  profitRoutes,
  saleIdParams,
  updateSaleBody,
} from '@shared/contracts/profit';
import { z } from 'zod';
import { currentUser } from '../auth/session';
import type { ProfitService } from './service';
import { routeDoc } from '../http/route-doc';

/** The seller's profit: by month (JSON and CSV), per item, and the shipping cost of a sale. Signed-in scope only. */
export async function profitRoutesPlugin(app: FastifyInstance, deps: { profit: ProfitService }) {
  const { profit } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['profit']);

  typed.get(
    profitRoutes.months,
    doc('Sold items by month: revenue, fees, cost, profit, number sold, average days to sell', {
      querystring: profitQuery,
      response: { 200: profitResponse },
    }),
    async (request) => profit.months(currentUser(request).id, request.query.tz),
  );

  typed.get(
    profitRoutes.csv,
    doc('The profit by month as a CSV file', { querystring: profitQuery, response: { 200: z.string() } }),
    async (request, reply) => {
      const body = await profit.csv(currentUser(request).id, request.query.tz);
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="profit-${day}.csv"`).send(body);
    },
  );

  typed.get(
    profitRoutes.item,
    doc('The item’s sales with their profit', { params: itemIdParams, response: { 200: itemProfitResponse } }),
    async (request) => profit.ofItem(currentUser(request).id, request.params.id),
  );

  typed.patch(
    profitRoutes.sale,
    doc('What the seller paid to send a sale', { params: saleIdParams, body: updateSaleBody, response: { 200: saleFigures } }),
    async (request) => profit.setShippingCost(currentUser(request).id, request.params.id, request.body.shippingCost),
  );
}
