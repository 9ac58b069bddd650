import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { depopLikesOfItem, depopOfferRule, depopPaths } from '@shared/contracts/depop';
import { simulatedBuyerRoute } from '../../simulation/simulated-routes';
import { AppError } from '@shared/errors';
import type { SimulatedDepopLikes } from '../simulation/simulated-like';
import type { DepopOffersService } from './service';
import { sellerRoutes } from '../../../http/seller-routes';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const itemParams = z.object({ id: z.string().max(64) });

/** The seller's offers to likers (signed-in scope): the rule, and who liked an item. */
export async function depopOffersRoutesPlugin(app: FastifyInstance, { offers }: { offers: DepopOffersService }) {
  const route = sellerRoutes(app, ['depop']);
  route.get(
    depopPaths.offerRule,
    'The seller’s rule for offers to the buyers who liked a Depop product',
    { response: { 200: depopOfferRule } },
    ({ seller }) => offers.rule(seller),
  );
  route.put(
    depopPaths.offerRule,
    'Sets the rule: a percent off (5-90) never under the floor; asking first, each offer waits in the plan',
    { body: depopOfferRule, response: { 200: depopOfferRule } },
    ({ seller, body }) => offers.setRule(seller, body),
  );
  route.get(
    depopPaths.itemLikes,
    'Who liked the item on Depop, and the offers sent them',
    { params: itemParams, response: { 200: depopLikesOfItem } },
    ({ seller, params }) => {
      const { id } = params;
      if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Item not found');
      return offers.likesOf(seller, id);
    },
  );
}

/** "Simulate a like on Depop" (signed-in scope), registered only while the server runs the simulated Depop. */
export async function simulatedDepopLikeRoutesPlugin(app: FastifyInstance, { likes }: { likes: SimulatedDepopLikes }) {
  simulatedBuyerRoute(app, {
    path: depopPaths.simulatedLike,
    tags: ['depop'],
    summary: 'A simulated buyer likes the item live on the simulated Depop; its signed webhook records the like',
    response: depopLikesOfItem,
    act: (userId, itemId) => likes.likeItem(userId, itemId),
  });
}
