import type { FastifyInstance } from 'fastify';
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
import type { ProfitService } from './service';
import { sellerRoutes } from '../http/seller-routes';
import { sendCsvFile } from '../http/csv-cells';

/** The seller's profit: by month (JSON and CSV), per item, and the shipping cost of a sale. Signed-in scope only. */
export async function profitRoutesPlugin(app: FastifyInstance, deps: { profit: ProfitService }) {
  const { profit } = deps;
  const route = sellerRoutes(app, ['profit']);

  route.get(
    profitRoutes.months,
    'Sold items by month: revenue, fees, cost, profit, number sold, average days to sell',
    { querystring: profitQuery, response: { 200: profitResponse } },
    ({ seller, query }) => profit.months(seller, query.tz),
  );
  route.get(
    profitRoutes.csv,
    'The profit by month as a CSV file',
    { querystring: profitQuery, response: { 200: z.string() } },
    async ({ seller, query, reply }) => sendCsvFile(reply, 'profit', await profit.csv(seller, query.tz)),
  );
  route.get(
    profitRoutes.item,
    'The item’s sales with their profit',
    { params: itemIdParams, response: { 200: itemProfitResponse } },
    ({ seller, params }) => profit.ofItem(seller, params.id),
  );
  route.patch(
    profitRoutes.sale,
    'What the seller paid to send a sale',
    { params: saleIdParams, body: updateSaleBody, response: { 200: saleFigures } },
    ({ seller, params, body }) => profit.setShippingCost(seller, params.id, body.shippingCost),
  );
}
