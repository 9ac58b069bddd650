import type { FastifyInstance } from 'fastify';
import { depopPricingApi } from '@shared/contracts/depop';
import { AppError } from '@shared/errors';
import type { DepopPricingService } from './pricing-inspiration';
import { serveSellerTable } from '../../../http/seller-routes';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Depop's pricing inspiration for the seller's item (signed-in scope); another seller's item: 404. */
export async function depopPricingRoutesPlugin(app: FastifyInstance, { pricing }: { pricing: DepopPricingService }) {
  serveSellerTable(app, ['depop'], depopPricingApi, {
    itemPricing: async ({ seller, params }) => {
      if (!isUuid(params.id)) throw new AppError('NOT_FOUND', 'Item not found');
      return pricing.forItem(seller, params.id);
    },
  });
}
