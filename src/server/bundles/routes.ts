import type { FastifyInstance } from 'fastify';
import {
  bundle,
  bundleIdParams,
  bundleItemParams,
  bundleItemsBody,
  bundlesRoutes,
  createBundleBody,
  sourcesResponse,
} from '@shared/contracts/bundles';
import type { BundleService } from './service';
import { sellerRoutes } from '../http/seller-routes';

/** Bundles bought for one price and the seller's remembered sources. */
export async function bundleRoutesPlugin(app: FastifyInstance, deps: { bundles: BundleService }) {
  const route = sellerRoutes(app, ['bundles']);
  route.get(
    bundlesRoutes.sources,
    'Where the seller bought things, most recently used first',
    { response: { 200: sourcesResponse } },
    ({ seller }) => deps.bundles.sources(seller),
  );
  route.post(
    bundlesRoutes.collection,
    "A bundle bought for one price: its cost split over its items, each share written as the item's cost",
    { body: createBundleBody, response: { 200: bundle } },
    ({ seller, body }) => deps.bundles.createBundle(seller, body),
  );
  route.get(
    bundlesRoutes.bundle,
    'A bundle with each item’s share',
    { params: bundleIdParams, response: { 200: bundle } },
    ({ seller, params }) => deps.bundles.getBundle(seller, params.id),
  );
  route.post(
    bundlesRoutes.items,
    'Adds items to a bundle and splits its cost again',
    { params: bundleIdParams, body: bundleItemsBody, response: { 200: bundle } },
    ({ seller, params, body }) => deps.bundles.addItems(seller, params.id, body),
  );
  route.delete(
    bundlesRoutes.item,
    'Takes an item out of a bundle (it keeps its last share as its cost) and splits the cost again',
    { params: bundleItemParams, response: { 200: bundle } },
    ({ seller, params }) => deps.bundles.removeItem(seller, params.id, params.itemId),
  );
}
