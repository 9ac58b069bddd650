import type { FastifyInstance } from 'fastify';
import { listingsApi } from '@shared/contracts/listings';
import { AppError } from '@shared/errors';
import type { ListingService } from './service';
import { serveSellerTable } from '../http/seller-routes';

export interface ListingRouteDeps {
  listings: ListingService;
}

/** Listing generation (queued as jobs), editing and deleting. Signed-in scope only. */
export async function listingRoutesPlugin(app: FastifyInstance, deps: ListingRouteDeps) {
  const { listings } = deps;
  serveSellerTable(app, ['listings'], listingsApi, {
    list: ({ seller, query }) => listings.listListings(seller, query),
    generate: async ({ seller, body, reply }) =>
      reply.status(202).send(await listings.requestGeneration(seller, body.itemIds, body.details)),
    held: async ({ seller }) => ({ held: await listings.listHeld(seller) }),
    removeMany: ({ seller, body }) => listings.deleteListings(seller, body.itemIds),
    one: ({ seller, params }) => listings.getListing(seller, params.id),
    update: ({ seller, params, body }) => listings.editListing(seller, params.id, body),
    remove: async ({ seller, params }) => {
      const { refused } = await listings.deleteListings(seller, [params.id]);
      // The listing was kept: eBay did not end it, and the seller is told why.
      if (refused[0]) throw new AppError('CONFLICT', refused[0].message);
      return listings.getListing(seller, params.id);
    },
    regenerate: async ({ seller, params, body, reply }) =>
      reply.status(202).send(await listings.requestRegeneration(seller, params.id, body?.details)),
  });
}
