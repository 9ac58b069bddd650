import type { FastifyInstance } from 'fastify';
import { priceListApi } from '@shared/contracts/price-list';
import type { PriceListService } from './service';
import { serveSellerTable } from '../http/seller-routes';

/** The seller's own price list. */
export async function priceListRoutesPlugin(app: FastifyInstance, deps: { priceList: PriceListService }) {
  serveSellerTable(app, ['price-list'], priceListApi, {
    priceList: ({ seller }) => deps.priceList.get(seller),
    save: ({ seller, body }) => deps.priceList.save(seller, body),
  });
}
