import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depopPaths, depopPricing } from '@shared/contracts/depop';
import { AppError } from '@shared/errors';
import { currentUser } from '../../../auth/session';
import type { DepopPricingService } from './pricing-inspiration';
import { routeDoc } from '../../../http/route-doc';

const depopDoc = routeDoc(['depop']);

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Depop's pricing inspiration for the seller's item (signed-in scope); another seller's item: 404. */
export async function depopPricingRoutesPlugin(app: FastifyInstance, { pricing }: { pricing: DepopPricingService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    depopPaths.itemPricing,
    depopDoc('Depop’s predicted price range and similar sold items for the item as it would be listed on Depop', {
      params: z.object({ id: z.string().max(64) }),
      response: { 200: depopPricing },
    }),
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Item not found');
      return pricing.forItem(currentUser(request).id, id);
    },
  );
}
