import type { FastifyInstance } from 'fastify';
import { itemIdParams } from '@shared/contracts/items';
import {
  editListingBody,
  generateListingsBody,
  generateListingsResponse,
  heldListingsResponse,
  itemIdsBody,
  listingItem,
  listingsRoutes,
  listListingsQuery,
  listListingsResponse,
  regenerateResponse,
  resetListingsResponse,
} from '@shared/contracts/listings';
import { AppError } from '@shared/errors';
import type { ListingService } from './service';
import { sellerRoutes } from '../http/seller-routes';

export interface ListingRouteDeps {
  listings: ListingService;
}

/** Listing generation (queued as jobs), editing and deleting. Signed-in scope only. */
export async function listingRoutesPlugin(app: FastifyInstance, deps: ListingRouteDeps) {
  const { listings } = deps;
  const route = sellerRoutes(app, ['listings']);

  route.get(
    listingsRoutes.collection,
    'Own items with their listings, evidence and queue state, newest first',
    { querystring: listListingsQuery, response: { 200: listListingsResponse } },
    ({ seller, query }) => listings.listListings(seller, query),
  );
  route.post(
    listingsRoutes.generate,
    'Queue listing generation for one or many items; answers at once',
    { body: generateListingsBody, response: { 202: generateListingsResponse } },
    async ({ seller, body, reply }) => reply.status(202).send(await listings.requestGeneration(seller, body.itemIds, body.details)),
  );
  route.get(
    listingsRoutes.held,
    'Own items held until a channel’s question is answered (a size a marketplace takes none of), with the questions',
    { response: { 200: heldListingsResponse } },
    async ({ seller }) => ({ held: await listings.listHeld(seller) }),
  );
  route.post(
    listingsRoutes.bulkDelete,
    'Delete the listings of many items (the items stay)',
    { body: itemIdsBody, response: { 200: resetListingsResponse } },
    ({ seller, body }) => listings.deleteListings(seller, body.itemIds),
  );
  route.get(
    listingsRoutes.listing,
    'One item with its listing',
    { params: itemIdParams, response: { 200: listingItem } },
    ({ seller, params }) => listings.getListing(seller, params.id),
  );
  route.patch(
    listingsRoutes.listing,
    'Edit title, description and tags',
    { params: itemIdParams, body: editListingBody, response: { 200: listingItem } },
    ({ seller, params, body }) => listings.editListing(seller, params.id, body),
  );
  route.delete(
    listingsRoutes.listing,
    'Delete the listing: AI fields cleared, status pending, the item stays',
    { params: itemIdParams, response: { 200: listingItem } },
    async ({ seller, params }) => {
      const { refused } = await listings.deleteListings(seller, [params.id]);
      // The listing was kept: eBay did not end it, and the seller is told why.
      if (refused[0]) throw new AppError('CONFLICT', refused[0].message);
      return listings.getListing(seller, params.id);
    },
  );
  route.post(
    listingsRoutes.regenerate,
    'Queue a new generation of this listing',
    { params: itemIdParams, response: { 202: regenerateResponse } },
    async ({ seller, params, reply }) => reply.status(202).send(await listings.requestRegeneration(seller, params.id)),
  );
}
