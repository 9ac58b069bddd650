import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sellerRegionBody, sellerRegionResponse, sellerRegionRoutes } from '@shared/contracts/seller-region';
import { currentUser } from '../auth/session';
import type { SellerRegionService } from './service';
import { routeDoc } from '../http/route-doc';

/** Where the seller sells from: their country, currency, locale and eBay marketplace (decision 102). */
export async function sellerRegionRoutesPlugin(app: FastifyInstance, deps: { sellerRegion: SellerRegionService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['settings']);

  typed.get(
    sellerRegionRoutes.region,
    doc('The seller’s country, currency, locale and eBay marketplace', { response: { 200: sellerRegionResponse } }),
    async (request) => deps.sellerRegion.of(currentUser(request).id),
  );

  typed.put(
    sellerRegionRoutes.region,
    doc('Sets the seller’s country (new items are counted in its currency; eBay listings go to its marketplace)', {
      body: sellerRegionBody,
      response: { 200: sellerRegionResponse },
    }),
    async (request) => deps.sellerRegion.choose(currentUser(request).id, request.body.country),
  );
}
