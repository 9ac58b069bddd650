import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bundle,
  bundleIdParams,
  bundleItemParams,
  bundleItemsBody,
  bundlesRoutes,
  createBundleBody,
  sourcesResponse,
} from '@shared/contracts/bundles';
import { currentUser } from '../auth/session';
import type { BundleService } from './service';
import { routeDoc } from '../http/route-doc';

const doc = routeDoc(['bundles']);

/** Bundles bought for one price and the seller's remembered sources. */
export async function bundleRoutesPlugin(app: FastifyInstance, deps: { bundles: BundleService }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    bundlesRoutes.sources,
    doc('Where the seller bought things, most recently used first', { response: { 200: sourcesResponse } }),
    async (request) => deps.bundles.sources(currentUser(request).id),
  );
  typed.post(
    bundlesRoutes.collection,
    doc("A bundle bought for one price: its cost split over its items, each share written as the item's cost", {
      body: createBundleBody,
      response: { 200: bundle },
    }),
    async (request) => deps.bundles.createBundle(currentUser(request).id, request.body),
  );
  typed.get(
    bundlesRoutes.bundle,
    doc('A bundle with each item’s share', { params: bundleIdParams, response: { 200: bundle } }),
    async (request) => deps.bundles.getBundle(currentUser(request).id, request.params.id),
  );
  typed.post(
    bundlesRoutes.items,
    doc('Adds items to a bundle and splits its cost again', { params: bundleIdParams, body: bundleItemsBody, response: { 200: bundle } }),
    async (request) => deps.bundles.addItems(currentUser(request).id, request.params.id, request.body),
  );
  typed.delete(
    bundlesRoutes.item,
    doc('Takes an item out of a bundle (it keeps its last share as its cost) and splits the cost again', {
      params: bundleItemParams,
      response: { 200: bundle },
    }),
    async (request) => deps.bundles.removeItem(currentUser(request).id, request.params.id, request.params.itemId),
  );
}
