import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  brandParams,
  brandSafetyBody,
  brandSafetyListResponse,
  brandSafetyView,
  productSafetyRoutes,
} from '@shared/contracts/ebay-product-safety';
import type { ProductSafetyService } from './service';
import { sellerRoutes } from '../../../http/seller-routes';

/** The seller's EU product safety details per brand (GPSR, decision 102). Signed-in scope only. */
export async function productSafetyRoutesPlugin(app: FastifyInstance, deps: { productSafety: ProductSafetyService }) {
  const route = sellerRoutes(app, ['ebay']);
  route.get(
    productSafetyRoutes.list,
    'The manufacturer and EU responsible person saved per brand, and whether the seller’s eBay marketplace asks for them',
    { response: { 200: brandSafetyListResponse } },
    ({ seller }) => deps.productSafety.list(seller),
  );

  route.put(
    productSafetyRoutes.brand,
    'Saves the brand’s manufacturer and EU responsible person, sent with its listings on eBay’s EU and UK marketplaces',
    { params: brandParams, body: brandSafetyBody, response: { 200: brandSafetyView } },
    ({ seller, params, body }) => deps.productSafety.save(seller, params.brand, body),
  );

  route.delete(
    productSafetyRoutes.brand,
    'Forgets the brand’s product safety details',
    { params: brandParams, response: { 204: z.null() } },
    ({ seller, params }) => deps.productSafety.remove(seller, params.brand),
  );
}
