import type { FastifyInstance } from 'fastify';
import { depopLikesOfItem, depopOffersApi, depopPaths } from '@shared/contracts/depop';
import { simulatedBuyerRoute } from '../../simulation/simulated-routes';
import type { SimulatedDepopLikes } from '../simulation/simulated-like';
import type { DepopOffersService } from './service';
import { serveSellerTable } from '../../../http/seller-routes';
import { itemIdOr404 } from '../../../items/item-id';

/** The seller's offers to likers (signed-in scope): the rule, and who liked an item. */
export async function depopOffersRoutesPlugin(app: FastifyInstance, { offers }: { offers: DepopOffersService }) {
  serveSellerTable(app, ['depop'], depopOffersApi, {
    rule: ({ seller }) => offers.rule(seller),
    setRule: ({ seller, body }) => offers.setRule(seller, body),
    likes: ({ seller, params }) => offers.likesOf(seller, itemIdOr404(params.id)),
  });
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
