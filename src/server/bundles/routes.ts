import type { FastifyInstance } from 'fastify';
import { bundlesApi } from '@shared/contracts/bundles';
import type { BundleService } from './service';
import { serveSellerTable } from '../http/seller-routes';

/** Bundles bought for one price and the seller's remembered sources. */
export async function bundleRoutesPlugin(app: FastifyInstance, deps: { bundles: BundleService }) {
  const { bundles } = deps;
  serveSellerTable(app, ['bundles'], bundlesApi, {
    sources: ({ seller }) => bundles.sources(seller),
    create: ({ seller, body }) => bundles.createBundle(seller, body),
    one: ({ seller, params }) => bundles.getBundle(seller, params.id),
    addItems: ({ seller, params, body }) => bundles.addItems(seller, params.id, body),
    removeItem: ({ seller, params }) => bundles.removeItem(seller, params.id, params.itemId),
  });
}
