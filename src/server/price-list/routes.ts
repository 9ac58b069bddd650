import type { FastifyInstance } from 'fastify';
import { priceListBody, priceListResponse, priceListRoutes } from '@shared/contracts/price-list';
import type { PriceListService } from './service';
import { sellerRoutes } from '../http/seller-routes';

/** The seller's own price list. */
export async function priceListRoutesPlugin(app: FastifyInstance, deps: { priceList: PriceListService }) {
  const route = sellerRoutes(app, ['price-list']);
  route.get(
    priceListRoutes.priceList,
    "The seller's own price list, by category and condition",
    { response: { 200: priceListResponse } },
    ({ seller }) => deps.priceList.get(seller),
  );
  route.put(
    priceListRoutes.priceList,
    "Saves the seller's price list (an empty one answers the offer after sign-up)",
    { body: priceListBody, response: { 200: priceListResponse } },
    ({ seller, body }) => deps.priceList.save(seller, body),
  );
}
