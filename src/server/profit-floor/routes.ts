import type { FastifyInstance } from 'fastify';
import { profitFloorApi } from '@shared/contracts/profit-floor';
import type { ProfitFloorService } from './service';
import { serveSellerTable } from '../http/seller-routes';

/** The profit floor (decision 086): the seller's settings, and an item's floor and profit per channel. */
export async function profitFloorRoutesPlugin(app: FastifyInstance, deps: { profitFloor: ProfitFloorService }) {
  const { profitFloor } = deps;
  serveSellerTable(app, ['profit'], profitFloorApi, {
    settings: ({ seller }) => profitFloor.settings(seller),
    saveSettings: ({ seller, body }) => profitFloor.saveSettings(seller, body),
    item: ({ seller, params }) => profitFloor.ofItem(seller, params.id),
  });
}
