import type { ApiChannel } from '@shared/domain/channel-listing';
import { formatMoney, money, type Money } from '@shared/domain/money';
import type { Db } from '../db/client';
import type { Marketplace, Marketplaces, PublishFailure } from '../channels/marketplace';
import { listingPriceOf, markPriceSent } from './floor-guard-repo';

/** A price against the item's profit floor on a channel (ProfitFloorService.verdict). */
export interface SendFloors {
  verdict(
    userId: string,
    itemId: string,
    channel: ApiChannel,
    price: Money,
  ): Promise<{ kind: 'clears' | 'under' | 'unknown'; message?: string }>;
}

/** A price the app was about to send under the seller's floor, which they never confirmed: not sent. */
export class UnderFloorAtSend extends Error {
  constructor(readonly words: string) {
    super(words);
    this.name = 'UnderFloorAtSend';
  }
}

export const floorGuardMessages = {
  notSent: (message: string) => `${message}. Not sent: confirm this price, or set another.`,
} as const;

/**
 * Every price a marketplace is sent, checked against the seller's profit floor once more at the moment it is sent
 * (decision 121): a publish, a relist, and a revise that changes the price the marketplace has. A price
 * under the floor goes out only when it is the very price the seller confirmed; otherwise the call is refused with
 * what the seller would lose, and the listing says so. A price the marketplace accepted is kept as sent, so a revise
 * of the text alone is never held back by a cost raised since.
 */
export function guardFloors(db: Db, marketplaces: Marketplaces, floors: SendFloors): Marketplaces {
  const guarded = (market: Marketplace): Marketplace => {
    /** The price about to go out, once it passed; a revise that leaves the marketplace's price as it is passes as it is. */
    async function check(userId: string, itemId: string, call: 'publish' | 'revise' | 'relist'): Promise<number | null> {
      const row = await listingPriceOf(db, userId, itemId, market.channel);
      if (!row || row.priceMinor === null) return null;
      if (row.priceMinor === row.floorConfirmedMinor) return row.priceMinor;
      if (call === 'revise' && row.priceMinor === row.sentPriceMinor) return row.priceMinor;
      const price = money(row.priceMinor, row.currency);
      const verdict = await floors.verdict(userId, itemId, market.channel, price);
      if (verdict.kind === 'under')
        throw new UnderFloorAtSend(floorGuardMessages.notSent(verdict.message ?? `${formatMoney(price)} is under your floor`));
      return row.priceMinor;
    }
    async function sent(userId: string, itemId: string, priceMinor: number | null) {
      if (priceMinor === null) return;
      await markPriceSent(db, userId, itemId, market.channel, priceMinor);
    }
    /** A revise held under the floor still stops what the listing offers from an older floor (its automatic offer). */
    async function stopOffersOnHold(userId: string, itemId: string) {
      const row = await listingPriceOf(db, userId, itemId, market.channel);
      if (!market.stopFloorPricedOffers || !row || row.sentPriceMinor === null) return;
      await market.stopFloorPricedOffers(userId, itemId, money(row.sentPriceMinor, row.currency));
    }
    async function sending<T>(userId: string, itemId: string, kind: 'publish' | 'revise' | 'relist', call: () => Promise<T | null>) {
      const priceMinor = await check(userId, itemId, kind).catch(async (error: unknown) => {
        if (error instanceof UnderFloorAtSend && kind === 'revise') await stopOffersOnHold(userId, itemId);
        throw error;
      });
      const answer = await call();
      if (answer) await sent(userId, itemId, priceMinor);
      return answer;
    }
    return {
      ...market,
      publish: (userId, itemId) => sending(userId, itemId, 'publish', () => market.publish(userId, itemId)),
      revise: (userId, itemId) => sending(userId, itemId, 'revise', () => market.revise(userId, itemId)),
      relist: (userId, itemId) => sending(userId, itemId, 'relist', () => market.relist(userId, itemId)),
      publishFailureOf: (error: unknown): PublishFailure =>
        error instanceof UnderFloorAtSend ? { kind: 'refused', message: error.words } : market.publishFailureOf(error),
    };
  };
  return Object.fromEntries(Object.entries(marketplaces).map(([name, market]) => [name, guarded(market)])) as Marketplaces;
}
