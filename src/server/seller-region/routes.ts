import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sellerRegionBody, sellerRegionResponse, sellerRegionRoutes } from '@shared/contracts/seller-region';
import { currentUser } from '../auth/session';
import type { SellerRegionService } from './service';

/** Where the seller sells from: their country, currency, locale and eBay marketplace (decision 102). */
export async function sellerRegionRoutesPlugin(app: FastifyInstance, deps: { sellerRegion: SellerRegionService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  typed.get(
    sellerRegionRoutes.region,
    { schema: { tags, summary: 'The seller’s country, currency, locale and eBay marketplace', response: { 200: sellerRegionResponse } } },
    async (request) => deps.sellerRegion.of(currentUser(request).id),
  );

  typed.put(
    sellerRegionRoutes.region,
    {
      schema: {
        tags,
        summary: 'Sets the seller’s country (new items are counted in its currency; eBay listings go to its marketplace)',
        body: sellerRegionBody,
        response: { 200: sellerRegionResponse },
      },
    },
    async (request) => deps.sellerRegion.choose(currentUser(request).id, request.body.country),
  );
}
