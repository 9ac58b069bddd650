import type { FastifyInstance } from 'fastify';
import { agingStockApi } from '@shared/contracts/aging-stock';
import type { AgingStockService } from './service';
import { serveSellerTable } from '../http/seller-routes';

/** The aging stock view (decision 091): the signed-in seller's live stock by days listed. */
export async function agingStockRoutesPlugin(app: FastifyInstance, deps: { agingStock: AgingStockService }) {
  serveSellerTable(app, ['profit'], agingStockApi, { stock: ({ seller }) => deps.agingStock.of(seller) });
}
