import type { FastifyInstance } from 'fastify';
import { daysToSaleApi } from '@shared/contracts/days-to-sale';
import { AppError } from '@shared/errors';
import type { DaysToSaleService } from './service';
import { serveSellerTable } from '../http/seller-routes';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Days to sale, predicted, per marketplace for the seller's item (decision 147); another seller's item: 404. */
export async function daysToSaleRoutesPlugin(app: FastifyInstance, { daysToSale }: { daysToSale: DaysToSaleService }) {
  serveSellerTable(app, ['profit'], daysToSaleApi, {
    item: async ({ seller, params }) => {
      if (!isUuid(params.id)) throw new AppError('NOT_FOUND', 'Item not found');
      return daysToSale.forItem(seller, params.id);
    },
    items: async ({ seller, body }) => ({ items: await daysToSale.forItems(seller, body.itemIds) }),
  });
}
