import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { channelParams, salesCheckResponse, salesPaths } from '@shared/contracts/sales';
import { currentUser } from '../auth/session';
import type { FeesService } from '../fees/fees';
import type { SalesService } from './sales';

/** The sales routes (signed-in scope): "Check for sales" pulls the seller's own sales on a channel now. */
export async function salesRoutesPlugin(app: FastifyInstance, deps: { sales: SalesService; fees: FeesService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    salesPaths.check,
    {
      schema: {
        tags: ['sales'],
        summary: 'Pulls the seller’s sales on the channel now (the schedule does it every SALES_PULL_INTERVAL_S)',
        params: channelParams,
        response: { 200: salesCheckResponse },
      },
    },
    async (request) => {
      const outcome = await deps.sales.checkSalesOf(currentUser(request).id, request.params.channel);
      // The fees of sales still without them too; when they cannot be read now, the next pull asks again.
      await deps.fees
        .pullFeesOf(currentUser(request).id, request.params.channel)
        .catch((err: unknown) => request.log.warn({ err }, 'sale fees not read on this check'));
      return {
        newSales: outcome.newSales,
        soldItemIds: outcome.sold,
        takenBackItemIds: outcome.takenBack,
        checkedAt: outcome.checkedAt.toISOString(),
      };
    },
  );
}
