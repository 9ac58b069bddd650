import type { FastifyInstance } from 'fastify';
import { depopPricingApi } from '@shared/contracts/depop';
import type { DepopPricingService } from './pricing-inspiration';
import { serveSellerTable } from '../../../http/seller-routes';
import { itemIdOr404 } from '../../../items/item-id';

/** Depop's pricing inspiration for the seller's item (signed-in scope); another seller's item: 404. */
export async function depopPricingRoutesPlugin(app: FastifyInstance, { pricing }: { pricing: DepopPricingService }) {
  serveSellerTable(app, ['depop'], depopPricingApi, {
    itemPricing: ({ seller, params }) => pricing.forItem(seller, itemIdOr404(params.id)),
  });
}
