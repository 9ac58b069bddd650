import type { ApiChannel } from '@shared/domain/channel-listing';
import { ordersAwaitingFees, standingLinesOfOrders, storeLineFees, type OrderLineOfSale } from './fees-repo';
import type { MarketplacesDeps } from '../channels/marketplace';
import type { Db } from '../db/client';

export type { OrderLineOfSale };

/** Orders asked about in one pull (eBay: one call each); the rest wait for the next pull. */
export const FEES_ORDERS_PER_PULL = 50;
/** A sale whose fees have not come after this long is no longer asked about (eBay charges within days). */
export const FEES_WAIT_DAYS = 60;

export type FeesServiceDeps = MarketplacesDeps;

/**
 * The marketplace's fees of the seller's sales: the standing sales whose fees are still pending
 * are asked about, newest first, and each line's fees stored as the marketplace gives them. Until then a sale's fees
 * stay null ("fees pending"): never guessed (the profit counts the estimate meanwhile, named: decision 127). Run after
 * each sales pull (the pull-sales job); repeating it changes nothing.
 */
export function createFeesService({ db, marketplaces, clock, log }: FeesServiceDeps) {
  async function pullFeesOf(userId: string, channel: ApiChannel): Promise<{ orders: number; stored: number }> {
    const since = new Date(clock.now() - FEES_WAIT_DAYS * 86_400_000);
    const orderIds = await ordersAwaitingFees(db, userId, channel, since, FEES_ORDERS_PER_PULL);
    if (!orderIds.length) return { orders: 0, stored: 0 };
    const stored = await storeFeesOfOrders(userId, channel, orderIds);
    if (stored) log.info({ userId, channel, orders: orderIds.length, stored }, 'sale fees stored');
    return { orders: orderIds.length, stored };
  }

  /**
   * The fees of these orders of the seller's (the import of past sales: orders of any age), as the marketplace gives
   * them; an order not charged yet stays pending. Answers the lines stored.
   */
  async function storeFeesOfOrders(userId: string, channel: ApiChannel, orderIds: string[]): Promise<number> {
    if (!orderIds.length) return 0;
    let stored = 0;
    for (const line of await marketplaces[channel].feesOf(userId, orderIds)) {
      if (await storeLineFees(db, userId, channel, line)) stored += 1;
    }
    return stored;
  }

  return { pullFeesOf, storeFeesOfOrders };
}

export type FeesService = ReturnType<typeof createFeesService>;

/**
 * The seller's standing lines of these orders on the channel, on the caller's db: a marketplace that charges its fees
 * per order splits them over these (Etsy's ledger).
 */
export function standingLinesOf(db: Db, userId: string, channel: ApiChannel, orderIds: string[]): Promise<OrderLineOfSale[]> {
  return standingLinesOfOrders(db, userId, channel, orderIds);
}
