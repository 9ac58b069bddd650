import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agingStockResponse, agingStockRoutes } from '@shared/contracts/aging-stock';
import { currentUser } from '../auth/session';
import type { AgingStockService } from './service';
import { routeDoc } from '../http/route-doc';

const profitDoc = routeDoc(['profit']);

/** The aging stock view (decision 091): the signed-in seller's live stock by days listed. */
export async function agingStockRoutesPlugin(app: FastifyInstance, deps: { agingStock: AgingStockService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    agingStockRoutes.stock,
    profitDoc('Live stock by days listed (0–30, 31–60, 61–90, over 90): asking and floor value, items, views and watchers', {
      response: { 200: agingStockResponse },
    }),
    async (request) => deps.agingStock.of(currentUser(request).id),
  );
}
