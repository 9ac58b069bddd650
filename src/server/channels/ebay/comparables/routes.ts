import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { comparablesResponse, comparablesRoutes } from '@shared/contracts/comparables';
import { itemIdParams } from '@shared/contracts/items';
import { currentUser } from '../../../auth/session';
import type { ComparablesService } from './service';
import { routeDoc } from '../../../http/route-doc';

const ebayDoc = routeDoc(['ebay']);

/** The comparables beside an item's price. Signed-in scope only; another seller's item answers 404. */
export async function comparablesRoutesPlugin(app: FastifyInstance, deps: { comparables: ComparablesService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      comparablesRoutes.item,
      ebayDoc(
        'Active eBay listings like the item (its category, condition and size; by keywords and by its primary photo): count, median, range and the 5 nearest, or why there is no basis',
        { params: itemIdParams, response: { 200: comparablesResponse } },
      ),
      async (request) => deps.comparables.forItem(currentUser(request).id, request.params.id),
    );
}
