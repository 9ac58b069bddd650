import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { currentUser } from '../auth/session';
import type { ListingService } from './service';
import { routeDoc } from '../http/route-doc';

export interface ListingRouteDeps {
  listings: ListingService;
}

/** Listing generation (queued as jobs), editing and deleting. Signed-in scope only. */
export async function listingRoutesPlugin(app: FastifyInstance, deps: ListingRouteDeps) {
  const { listings } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['listings'];
  const doc = routeDoc(tags);

  typed.get(
    listingsRoutes.collection,
    doc('Own items with their listings, evidence and queue state, newest first', {
      querystring: listListingsQuery,
      response: { 200: listListingsResponse },
    }),
    async (request) => listings.listListings(currentUser(request).id, request.query),
  );

  typed.post(
    listingsRoutes.generate,
    doc('Queue listing generation for one or many items; answers at once', {
      body: generateListingsBody,
      response: { 202: generateListingsResponse },
    }),
    async (request, reply) =>
      reply.status(202).send(await listings.requestGeneration(currentUser(request).id, request.body.itemIds, request.body.details)),
  );

  typed.get(
    listingsRoutes.held,
    doc('Own items held until a channel’s question is answered (a size a marketplace takes none of), with the questions', {
      response: { 200: heldListingsResponse },
    }),
    async (request) => ({ held: await listings.listHeld(currentUser(request).id) }),
  );

  typed.post(
    listingsRoutes.bulkDelete,
    doc('Delete the listings of many items (the items stay)', { body: itemIdsBody, response: { 200: resetListingsResponse } }),
    async (request) => listings.deleteListings(currentUser(request).id, request.body.itemIds),
  );

  typed.get(
    listingsRoutes.listing,
    doc('One item with its listing', { params: itemIdParams, response: { 200: listingItem } }),
    async (request) => listings.getListing(currentUser(request).id, request.params.id),
  );

  typed.patch(
    listingsRoutes.listing,
    doc('Edit title, description and tags', { params: itemIdParams, body: editListingBody, response: { 200: listingItem } }),
    async (request) => listings.editListing(currentUser(request).id, request.params.id, request.body),
  );

  typed.delete(
    listingsRoutes.listing,
    doc('Delete the listing: AI fields cleared, status pending, the item stays', { params: itemIdParams, response: { 200: listingItem } }),
    async (request) => {
      const userId = currentUser(request).id;
      const { refused } = await listings.deleteListings(userId, [request.params.id]);
      // The listing was kept: eBay did not end it, and the seller is told why.
      if (refused[0]) throw new AppError('CONFLICT', refused[0].message);
      return listings.getListing(userId, request.params.id);
    },
  );

  typed.post(
    listingsRoutes.regenerate,
    doc('Queue a new generation of this listing', { params: itemIdParams, response: { 202: regenerateResponse } }),
    async (request, reply) => {
      return reply.status(202).send(await listings.requestRegeneration(currentUser(request).id, request.params.id));
    },
  );
}
