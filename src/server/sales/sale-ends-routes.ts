import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { doubleSale, doubleSalesResponse, endNowResponse, resolveDoubleSaleBody, saleEndsRoutes } from '@shared/contracts/sale-ends';
import { currentUser } from '../auth/session';
import type { SaleEnds } from './sale-ends';

const tags = ['sales'];
const itemParams = z.object({ id: z.uuid() });

/** "End it now" and the double sales (decision 083). */
export async function saleEndsRoutesPlugin(app: FastifyInstance, deps: { saleEnds: SaleEnds }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    saleEndsRoutes.endNow,
    {
      schema: {
        tags,
        summary: "Tries now to end a sold item's listings still live on other channels (after a failed end)",
        params: itemParams,
        response: { 200: endNowResponse },
      },
    },
    async (request) => deps.saleEnds.endNow(currentUser(request).id, request.params.id),
  );
  typed.get(
    saleEndsRoutes.doubleSales,
    {
      schema: {
        tags,
        summary: "The seller's items sold twice: the same last unit sold on two channels",
        response: { 200: doubleSalesResponse },
      },
    },
    async (request) => ({ doubleSales: await deps.saleEnds.doubleSales(currentUser(request).id) }),
  );
  typed.get(
    saleEndsRoutes.doubleSale,
    {
      schema: {
        tags,
        summary: "The item's double sale: each sale's buyer, order and where to cancel it; 404 when not sold twice",
        params: itemParams,
        response: { 200: doubleSale },
      },
    },
    async (request) => deps.saleEnds.doubleSaleOfItem(currentUser(request).id, request.params.id),
  );
  typed.post(
    saleEndsRoutes.resolve,
    {
      schema: {
        tags,
        summary: 'Resolves a double sale: the seller cancelled this sale on its marketplace',
        params: itemParams,
        body: resolveDoubleSaleBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deps.saleEnds.resolve(currentUser(request).id, request.params.id, request.body.cancelledSaleId);
      return reply.status(204).send(null);
    },
  );
}
