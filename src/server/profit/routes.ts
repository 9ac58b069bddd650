import type { FastifyInstance } from 'fastify';
import { profitApi } from '@shared/contracts/profit';
import type { ProfitService } from './service';
import { serveSellerTable } from '../http/seller-routes';
import { sendCsvFile } from '../http/csv-cells';

/** The seller's profit: by month (JSON and CSV), per item, and the shipping cost of a sale. Signed-in scope only. */
export async function profitRoutesPlugin(app: FastifyInstance, deps: { profit: ProfitService }) {
  const { profit } = deps;
  serveSellerTable(app, ['profit'], profitApi, {
    months: ({ seller, query }) => profit.months(seller, query.tz),
    csv: async ({ seller, query, reply }) => sendCsvFile(reply, 'profit', await profit.csv(seller, query.tz)),
    item: ({ seller, params }) => profit.ofItem(seller, params.id),
    shippingCost: ({ seller, params, body }) => profit.setShippingCost(seller, params.id, body.shippingCost),
  });
}
