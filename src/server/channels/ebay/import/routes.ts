import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ebayImportResponse, ebayImportRoutes, latestImportResponse, startImportBody } from '@shared/contracts/ebay-import';
import { currentUser } from '../../../auth/session';
import type { ListingImport } from './listing-import';
import { routeDoc } from '../../../http/route-doc';

/** Importing the seller's live eBay listings (signed-in scope): start, the latest, one by id (another's: 404). */
export async function ebayImportRoutesPlugin(app: FastifyInstance, deps: { imports: ListingImport }) {
  const { imports } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['ebay']);

  typed.post(
    ebayImportRoutes.imports,
    doc('Import the live eBay listings (site-made ones by pasted item numbers, migrated first); answers the running import', {
      body: startImportBody,
      response: { 202: ebayImportResponse },
    }),
    async (request, reply) => reply.status(202).send({ import: await imports.start(currentUser(request).id, request.body.listingIds) }),
  );

  typed.get(
    ebayImportRoutes.latest,
    doc('The seller’s latest import (null when none)', { response: { 200: latestImportResponse } }),
    async (request) => ({ import: await imports.latest(currentUser(request).id) }),
  );

  typed.get(
    ebayImportRoutes.one,
    doc('One import: progress, result and what eBay would not migrate', {
      params: z.object({ id: z.uuid() }),
      response: { 200: ebayImportResponse },
    }),
    async (request) => ({ import: await imports.get(currentUser(request).id, request.params.id) }),
  );
}
