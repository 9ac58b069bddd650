import type { FastifyBaseLogger } from 'fastify';
import type { SalesCheckResponse } from '@shared/contracts/sales';
import { simulatedEtsySaleWords } from '@shared/domain/simulated-etsy';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { ItemService } from '../../../items/service';
import type { FeesService } from '../../../fees/fees';
import type { SalesService } from '../../../sales/sales';
import { etsyListingOf } from '../listing-repo';
import type { SimulatedEtsy } from './simulated-etsy';

/**
 * "Simulate a sale on Etsy", as eBay's (decision 062): a simulated buyer buys the seller's item live on the
 * simulated Etsy, then the app checks for Etsy sales as "Check for sales" does. The sale is recorded only by that pull,
 * from the simulated shop's receipt: nothing here writes a sale. Built only while the server runs the simulation.
 */
export function createSimulatedEtsySales(deps: {
  db: Db;
  simulation: SimulatedEtsy;
  items: ItemService;
  sales: SalesService;
  fees: FeesService;
  log: FastifyBaseLogger;
}) {
  const { db, simulation, items, sales, fees, log } = deps;

  async function checkSales(userId: string): Promise<SalesCheckResponse> {
    const outcome = await sales.checkSalesOf(userId, 'etsy');
    await fees.pullFeesOf(userId, 'etsy').catch((err: unknown) => log.warn({ err }, 'sale fees not read after a simulated Etsy sale'));
    return {
      newSales: outcome.newSales,
      soldItemIds: outcome.sold,
      takenBackItemIds: outcome.takenBack,
      checkedAt: outcome.checkedAt.toISOString(),
    };
  }

  async function sellItem(userId: string, itemId: string): Promise<SalesCheckResponse> {
    await items.getItem(userId, itemId); // another seller's item: 404
    const listing = await etsyListingOf(db, userId, itemId);
    if (!listing || listing.status !== 'live' || !listing.externalId || !simulation.buy(listing.externalId, userId))
      throw new AppError('CONFLICT', simulatedEtsySaleWords.notLive);
    return checkSales(userId);
  }

  return { simulation, sellItem, checkSales };
}

export type SimulatedEtsySales = ReturnType<typeof createSimulatedEtsySales>;
