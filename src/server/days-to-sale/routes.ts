import type { FastifyInstance } from 'fastify';
import { daysToSaleApi } from '@shared/contracts/days-to-sale';
import type { DaysToSaleService } from './service';
import { serveSellerTable } from '../http/seller-routes';
import { itemIdOr404 } from '../items/item-id';

/** Days to sale, predicted, per marketplace for the seller's item (decision 147); another seller's item: 404. */
export async function daysToSaleRoutesPlugin(app: FastifyInstance, { daysToSale }: { daysToSale: DaysToSaleService }) {
  serveSellerTable(app, ['profit'], daysToSaleApi, {
    item: ({ seller, params }) => daysToSale.forItem(seller, itemIdOr404(params.id)),
    items: async ({ seller, body }) => ({ items: await daysToSale.forItems(seller, body.itemIds) }),
  });
}
