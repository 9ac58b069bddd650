import type { FastifyInstance } from 'fastify';
import { productSafetyApi } from '@shared/contracts/ebay-product-safety';
import type { ProductSafetyService } from './service';
import { serveSellerTable } from '../../../http/seller-routes';

/** The seller's EU product safety details per brand (GPSR, decision 102). Signed-in scope only. */
export async function productSafetyRoutesPlugin(app: FastifyInstance, deps: { productSafety: ProductSafetyService }) {
  const { productSafety } = deps;
  serveSellerTable(app, ['ebay'], productSafetyApi, {
    list: ({ seller }) => productSafety.list(seller),
    save: ({ seller, params, body }) => productSafety.save(seller, params.brand, body),
    remove: ({ seller, params }) => productSafety.remove(seller, params.brand),
  });
}
