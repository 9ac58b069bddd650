import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { itemIdParams } from '@shared/contracts/items';
import { itemProfitFloorResponse, profitFloorRoutes, profitFloorSettings } from '@shared/contracts/profit-floor';
import { currentUser } from '../auth/session';
import type { ProfitFloorService } from './service';
import { routeDoc } from '../http/route-doc';

/** The profit floor (decision 086): the seller's settings, and an item's floor and profit per channel. */
export async function profitFloorRoutesPlugin(app: FastifyInstance, deps: { profitFloor: ProfitFloorService }) {
  const { profitFloor } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['profit']);

  typed.get(
    profitFloorRoutes.settings,
    doc('The seller’s usual shipping cost and minimum margin', { response: { 200: profitFloorSettings } }),
    async (request) => profitFloor.settings(currentUser(request).id),
  );

  typed.put(
    profitFloorRoutes.settings,
    doc('Sets the seller’s usual shipping cost and minimum margin (an amount or a percent of the price)', {
      body: profitFloorSettings,
      response: { 200: profitFloorSettings },
    }),
    async (request) => profitFloor.saveSettings(currentUser(request).id, request.body),
  );

  typed.get(
    profitFloorRoutes.item,
    doc('The item’s profit floor and profit at its price, per channel, with where each channel’s fees come from', {
      params: itemIdParams,
      response: { 200: itemProfitFloorResponse },
    }),
    async (request) => profitFloor.ofItem(currentUser(request).id, request.params.id),
  );
}
