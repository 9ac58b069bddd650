import type { FastifyInstance } from 'fastify';
import { ebayImportApi } from '@shared/contracts/ebay-import';
import type { ListingImport } from './listing-import';
import { serveSellerTable } from '../../../http/seller-routes';

/** Importing the seller's live eBay listings (signed-in scope): start, the latest, one by id (another's: 404). */
export async function ebayImportRoutesPlugin(app: FastifyInstance, deps: { imports: ListingImport }) {
  const { imports } = deps;
  serveSellerTable(app, ['ebay'], ebayImportApi, {
    start: async ({ seller, body, reply }) => reply.status(202).send({ import: await imports.start(seller, body.listingIds) }),
    latest: async ({ seller }) => ({ import: await imports.latest(seller) }),
    one: async ({ seller, params }) => ({ import: await imports.get(seller, params.id) }),
  });
}
