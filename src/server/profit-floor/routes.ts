import type { FastifyInstance } from 'fastify';
import { itemIdParams } from '@shared/contracts/items';
import { itemProfitFloorResponse, profitFloorRoutes, profitFloorSettings } from '@shared/contracts/profit-floor';
import type { ProfitFloorService } from './service';
import { sellerRoutes } from '../http/seller-routes';

/** The profit floor (decision 086): the seller's settings, and an item's floor and profit per channel. */
export async function profitFloorRoutesPlugin(app: FastifyInstance, deps: { profitFloor: ProfitFloorService }) {
  const { profitFloor } = deps;
  const route = sellerRoutes(app, ['profit']);

  route.get(
    profitFloorRoutes.settings,
    'The seller’s usual shipping cost and minimum margin',
    { response: { 200: profitFloorSettings } },
    ({ seller }) => profitFloor.settings(seller),
  );
  route.put(
    profitFloorRoutes.settings,
    'Sets the seller’s usual shipping cost and minimum margin (an amount or a percent of the price)',
    { body: profitFloorSettings, response: { 200: profitFloorSettings } },
    ({ seller, body }) => profitFloor.saveSettings(seller, body),
  );
  route.get(
    profitFloorRoutes.item,
    'The item’s profit floor and profit at its price, per channel, with where each channel’s fees come from',
    { params: itemIdParams, response: { 200: itemProfitFloorResponse } },
    ({ seller, params }) => profitFloor.ofItem(seller, params.id),
  );
}
