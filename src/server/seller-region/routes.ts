import type { FastifyInstance } from 'fastify';
import { sellerRegionApi } from '@shared/contracts/seller-region';
import type { SellerRegionService } from './service';
import { serveSellerTable } from '../http/seller-routes';

/** Where the seller sells from: their country, currency, locale and marketplace sites (decision 102). */
export async function sellerRegionRoutesPlugin(app: FastifyInstance, deps: { sellerRegion: SellerRegionService }) {
  serveSellerTable(app, ['settings'], sellerRegionApi, {
    region: ({ seller }) => deps.sellerRegion.of(seller),
    choose: ({ seller, body }) => deps.sellerRegion.choose(seller, body.country),
  });
}
