import type { FastifyInstance } from 'fastify';
import { sellerRegionBody, sellerRegionResponse, sellerRegionRoutes } from '@shared/contracts/seller-region';
import type { SellerRegionService } from './service';
import { sellerRoutes } from '../http/seller-routes';

/** Where the seller sells from: their country, currency, locale and eBay marketplace (decision 102). */
export async function sellerRegionRoutesPlugin(app: FastifyInstance, deps: { sellerRegion: SellerRegionService }) {
  const route = sellerRoutes(app, ['settings']);
  route.get(
    sellerRegionRoutes.region,
    'The seller’s country, currency, locale and eBay marketplace',
    { response: { 200: sellerRegionResponse } },
    ({ seller }) => deps.sellerRegion.of(seller),
  );

  route.put(
    sellerRegionRoutes.region,
    'Sets the seller’s country (new items are counted in its currency; eBay listings go to its marketplace)',
    { body: sellerRegionBody, response: { 200: sellerRegionResponse } },
    ({ seller, body }) => deps.sellerRegion.choose(seller, body.country),
  );
}
