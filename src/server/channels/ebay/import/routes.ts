import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ebayImportResponse, ebayImportRoutes, latestImportResponse, startImportBody } from '@shared/contracts/ebay-import';
import type { ListingImport } from './listing-import';
import { sellerRoutes } from '../../../http/seller-routes';

/** Importing the seller's live eBay listings (signed-in scope): start, the latest, one by id (another's: 404). */
export async function ebayImportRoutesPlugin(app: FastifyInstance, deps: { imports: ListingImport }) {
  const { imports } = deps;
  const route = sellerRoutes(app, ['ebay']);
  route.post(
    ebayImportRoutes.imports,
    'Import the live eBay listings (site-made ones by pasted item numbers, migrated first); answers the running import',
    { body: startImportBody, response: { 202: ebayImportResponse } },
    async ({ seller, body, reply }) => reply.status(202).send({ import: await imports.start(seller, body.listingIds) }),
  );

  route.get(
    ebayImportRoutes.latest,
    'The seller’s latest import (null when none)',
    { response: { 200: latestImportResponse } },
    async ({ seller }) => ({ import: await imports.latest(seller) }),
  );

  route.get(
    ebayImportRoutes.one,
    'One import: progress, result and what eBay would not migrate',
    { params: z.object({ id: z.uuid() }), response: { 200: ebayImportResponse } },
    async ({ seller, params }) => ({ import: await imports.get(seller, params.id) }),
  );
}
