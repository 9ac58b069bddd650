import { randomInt } from 'node:crypto';
import { depopMessages } from '@shared/contracts/depop';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { ItemService } from '../../../items/service';
import { depopListings } from '../listing-repo';
import type { DepopOffersService } from '../offers-to-likers/service';
import type { SimulatedDepop } from './simulated-depop';

/**
 * "Simulate a like on Depop": a new simulated buyer likes the seller's item live in their simulated shop, which sends
 * its signed `v1:product.like` webhook to the app's webhook route, where the like is recorded. Answers the item's likes.
 */
export function createSimulatedDepopLikes(deps: { db: Db; simulation: SimulatedDepop; items: ItemService; offers: DepopOffersService }) {
  const { db, simulation, items, offers } = deps;

  async function likeItem(userId: string, itemId: string) {
    const item = await items.getItem(userId, itemId); // another seller's item: 404
    const listing = await depopListings.listingOf(db, userId, item.id);
    const depopSellerId = Number(depopListings.dataOf(listing).depopSellerId);
    if (
      !listing ||
      listing.status !== 'live' ||
      !depopSellerId ||
      !(await simulation.like(depopSellerId, item.sku, randomInt(100_000, 999_999)))
    )
      throw new AppError('CONFLICT', depopMessages.simulatedLikeNotLive);
    return offers.likesOf(userId, item.id);
  }

  return { likeItem };
}

export type SimulatedDepopLikes = ReturnType<typeof createSimulatedDepopLikes>;
