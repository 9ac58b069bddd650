import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { doubleSale, doubleSalesResponse, endNowResponse, resolveDoubleSaleBody, saleEndsRoutes } from '@shared/contracts/sale-ends';
import type { SaleEnds } from './sale-ends';
import { sellerRoutes } from '../http/seller-routes';

const itemParams = z.object({ id: z.uuid() });

/** "End it now" and the double sales (decision 083). */
export async function saleEndsRoutesPlugin(app: FastifyInstance, deps: { saleEnds: SaleEnds }) {
  const { saleEnds } = deps;
  const route = sellerRoutes(app, ['sales']);

  route.post(
    saleEndsRoutes.endNow,
    "Tries now to end a sold item's listings still live on other channels (after a failed end)",
    { params: itemParams, response: { 200: endNowResponse } },
    ({ seller, params }) => saleEnds.endNow(seller, params.id),
  );
  route.get(
    saleEndsRoutes.doubleSales,
    "The seller's items sold twice: the same last unit sold on two channels",
    { response: { 200: doubleSalesResponse } },
    async ({ seller }) => ({ doubleSales: await saleEnds.doubleSales(seller) }),
  );
  route.get(
    saleEndsRoutes.doubleSale,
    "The item's double sale: each sale's buyer, order and where to cancel it; 404 when not sold twice",
    { params: itemParams, response: { 200: doubleSale } },
    ({ seller, params }) => saleEnds.doubleSaleOfItem(seller, params.id),
  );
  route.post(
    saleEndsRoutes.resolve,
    'Resolves a double sale: the seller cancelled this sale on its marketplace',
    { params: itemParams, body: resolveDoubleSaleBody, response: { 204: z.null() } },
    ({ seller, params, body }) => saleEnds.resolve(seller, params.id, body.cancelledSaleId),
  );
}
