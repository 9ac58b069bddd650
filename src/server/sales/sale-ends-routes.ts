import type { FastifyInstance } from 'fastify';
import { saleEndsApi } from '@shared/contracts/sale-ends';
import type { SaleEnds } from './sale-ends';
import { serveSellerTable } from '../http/seller-routes';

/** "End it now" and the double sales (decision 083). */
export async function saleEndsRoutesPlugin(app: FastifyInstance, deps: { saleEnds: SaleEnds }) {
  const { saleEnds } = deps;
  serveSellerTable(app, ['sales'], saleEndsApi, {
    endNow: ({ seller, params }) => saleEnds.endNow(seller, params.id),
    doubleSales: async ({ seller }) => ({ doubleSales: await saleEnds.doubleSales(seller) }),
    doubleSale: ({ seller, params }) => saleEnds.doubleSaleOfItem(seller, params.id),
    resolve: ({ seller, params, body }) => saleEnds.resolve(seller, params.id, body.cancelledSaleId),
  });
}
