import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  brandParams,
  brandSafetyBody,
  brandSafetyListResponse,
  brandSafetyView,
  productSafetyRoutes,
} from '@shared/contracts/ebay-product-safety';
import { currentUser } from '../../../auth/session';
import type { ProductSafetyService } from './service';
import { routeDoc } from '../../../http/route-doc';

/** The seller's EU product safety details per brand (GPSR, decision 102). Signed-in scope only. */
export async function productSafetyRoutesPlugin(app: FastifyInstance, deps: { productSafety: ProductSafetyService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['ebay']);

  typed.get(
    productSafetyRoutes.list,
    doc('The manufacturer and EU responsible person saved per brand, and whether the seller’s eBay marketplace asks for them', {
      response: { 200: brandSafetyListResponse },
    }),
    async (request) => deps.productSafety.list(currentUser(request).id),
  );

  typed.put(
    productSafetyRoutes.brand,
    doc('Saves the brand’s manufacturer and EU responsible person, sent with its listings on eBay’s EU and UK marketplaces', {
      params: brandParams,
      body: brandSafetyBody,
      response: { 200: brandSafetyView },
    }),
    async (request) => deps.productSafety.save(currentUser(request).id, request.params.brand, request.body),
  );

  typed.delete(
    productSafetyRoutes.brand,
    doc('Forgets the brand’s product safety details', { params: brandParams }),
    async (request, reply) => {
      await deps.productSafety.remove(currentUser(request).id, request.params.brand);
      return reply.status(204).send();
    },
  );
}
