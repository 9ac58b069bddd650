import type { FastifyInstance } from 'fastify';
import { etsyApi } from '@shared/contracts/etsy';
import { AppError } from '@shared/errors';
import type { EtsyAccountService } from './account/service';
import { EtsyApiError, EtsyUnreachableError } from './api/etsy-errors';
import type { EtsyMarketplace } from './marketplace';
import { serveSellerTable } from '../../http/seller-routes';
import { itemIdOr404 } from '../../items/item-id';

/**
 * The Etsy routes (signed-in scope): its shop's details, shop setup, answers, publish. Connecting and disconnecting go
 * through /api/channels/etsy/... (decision 094).
 */
export async function etsyRoutesPlugin(app: FastifyInstance, deps: { etsy: EtsyAccountService; marketplace: EtsyMarketplace }) {
  const { etsy, marketplace } = deps;
  serveSellerTable(app, ['etsy'], etsyApi, {
    connection: ({ seller }) => etsy.getConnection(seller),
    setUpShop: async ({ seller, body }) => {
      try {
        return await etsy.setUpShop(seller, body);
      } catch (err) {
        if (err instanceof EtsyApiError && !err.retryable) throw new AppError('UNPROCESSABLE', `Etsy refused: ${err.etsyMessage}`);
        if (err instanceof EtsyApiError || err instanceof EtsyUnreachableError)
          throw new AppError('UNAVAILABLE', 'Etsy cannot be reached right now. Please try again in a few minutes.');
        throw err;
      }
    },
    publish: ({ seller, body }) => marketplace.requestPublish(seller, body.itemIds.map(itemIdOr404)),
    saveAnswers: async ({ seller, params, body }) => {
      const itemId = itemIdOr404(params.id);
      await marketplace.saveWhenMade(seller, itemId, body.whenMade);
      return { itemId, whenMade: body.whenMade };
    },
    preflight: async ({ seller, params }) => {
      const result = await marketplace.preflightOf(seller, itemIdOr404(params.id));
      return {
        itemId: result.itemId,
        checked: result.checked,
        unavailable: result.unavailable,
        problems: result.problems.map((p) => ({ field: p.field, message: p.message })),
        whenMade: result.whenMade,
        taxonomy: result.taxonomy,
        processingSwitch: result.processingSwitch,
      };
    },
    switchProcessing: async ({ seller, params }) => {
      const itemId = itemIdOr404(params.id);
      return { itemId, switched: await marketplace.switchProcessingProfile(seller, itemId) };
    },
  });
}
