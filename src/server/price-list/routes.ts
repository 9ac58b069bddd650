import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { priceListBody, priceListResponse, priceListRoutes } from '@shared/contracts/price-list';
import { currentUser } from '../auth/session';
import type { PriceListService } from './service';
import { routeDoc } from '../http/route-doc';

const doc = routeDoc(['price-list']);

/** The seller's own price list. */
export async function priceListRoutesPlugin(app: FastifyInstance, deps: { priceList: PriceListService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    priceListRoutes.priceList,
    doc("The seller's own price list, by category and condition", { response: { 200: priceListResponse } }),
    async (request) => deps.priceList.get(currentUser(request).id),
  );
  typed.put(
    priceListRoutes.priceList,
    doc("Saves the seller's price list (an empty one answers the offer after sign-up)", {
      body: priceListBody,
      response: { 200: priceListResponse },
    }),
    async (request) => deps.priceList.save(currentUser(request).id, request.body),
  );
}
