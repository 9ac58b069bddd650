import type { FastifyBaseLogger } from 'fastify';
import { depopMessages } from '@shared/contracts/depop';
import type { SalesCheckResponse } from '@shared/contracts/sales';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { ItemService } from '../../../items/service';
import type { FeesService } from '../../../fees/fees';
import type { SalesService } from '../../../sales/sales';
import { depopDataOf, depopListingOf } from '../listing-repo';
import type { SimulatedDepop } from './simulated-depop';

/**
 * "Simulate a sale on Depop", as Shopify's: the simulated Depop's test buyer buys the seller's item live in their
 * simulated shop, which sends its signed `v1:order.new` webhook to the app's webhook route (the sale is recorded and the
 * other listings' ends queued there), then the app checks for Depop sales as "Check for sales" does (the
 * reconciliation a missed webhook needs). The answer counts the sale whichever of the two recorded it.
 */
export function createSimulatedDepopSales(deps: {
  db: Db;
  simulation: SimulatedDepop;
  items: ItemService;
  sales: SalesService;
  fees: FeesService;
  log: FastifyBaseLogger;
}) {
  const { db, simulation, items, sales, fees, log } = deps;

  async function sellItem(userId: string, itemId: string): Promise<SalesCheckResponse> {
    const item = await items.getItem(userId, itemId); // another seller's item: 404
    const listing = await depopListingOf(db, userId, item.id);
    const depopSellerId = Number(depopDataOf(listing).depopSellerId);
    if (!listing || listing.status !== 'live' || !depopSellerId || !(await simulation.buy(depopSellerId, item.sku)))
      throw new AppError('CONFLICT', depopMessages.simulatedNotLive);
    const outcome = await sales.checkSalesOf(userId, 'depop');
    const pushed = !outcome.sold.includes(item.id) && (await depopListingOf(db, userId, item.id))?.status === 'sold';
    await fees.pullFeesOf(userId, 'depop').catch((err: unknown) => log.warn({ err }, 'fees not read after a simulated Depop sale'));
    return {
      newSales: outcome.newSales + (pushed ? 1 : 0),
      soldItemIds: pushed ? [...outcome.sold, item.id] : outcome.sold,
      takenBackItemIds: outcome.takenBack,
      checkedAt: outcome.checkedAt.toISOString(),
    };
  }

  return { sellItem };
}

export type SimulatedDepopSales = ReturnType<typeof createSimulatedDepopSales>;
