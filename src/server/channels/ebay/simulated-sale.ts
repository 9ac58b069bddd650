import type { FastifyBaseLogger } from 'fastify';
import type { SalesCheckResponse } from '@shared/contracts/sales';
import { simulatedSaleWords } from '@shared/domain/simulated-ebay';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import type { ItemService } from '../../items/service';
import type { FeesService } from '../../fees/fees';
import type { SalesService } from '../../sales/sales';
import type { SimulatedEbay } from './api/simulated-ebay';
import { ebayListingOf } from './listing-repo';

/**
 * "Simulate a sale": a simulated buyer buys the seller's item live on the simulated eBay, then the app
 * checks for sales as "Check for sales" does. The sale is recorded only by that pull, from the simulated eBay's order,
 * like a real one: nothing here writes a sale. Built only while the server runs the simulation.
 */
export function createSimulatedSales(deps: {
  db: Db;
  simulation: SimulatedEbay;
  items: ItemService;
  sales: SalesService;
  fees: FeesService;
  log: FastifyBaseLogger;
}) {
  const { db, simulation, items, sales, fees, log } = deps;

  /** The pull after a simulated buyer's order: sales, then their fees (eBay's usual share, charged at once). */
  async function checkSales(userId: string): Promise<SalesCheckResponse> {
    const outcome = await sales.checkSalesOf(userId, 'ebay');
    // As "Check for sales": fees that cannot be read now are asked for again by the next pull.
    await fees.pullFeesOf(userId, 'ebay').catch((err: unknown) => log.warn({ err }, 'sale fees not read after a simulated sale'));
    return {
      newSales: outcome.newSales,
      soldItemIds: outcome.sold,
      takenBackItemIds: outcome.takenBack,
      checkedAt: outcome.checkedAt.toISOString(),
    };
  }

  async function sellItem(userId: string, itemId: string): Promise<SalesCheckResponse> {
    await items.getItem(userId, itemId); // another seller's item: 404
    const listing = await ebayListingOf(db, userId, itemId);
    if (!listing || listing.status !== 'live' || !listing.externalId || !simulation.buy(listing.externalId, userId))
      throw new AppError('CONFLICT', simulatedSaleWords.notLive);
    return checkSales(userId);
  }

  return { sellItem, checkSales };
}

export type SimulatedSales = ReturnType<typeof createSimulatedSales>;
