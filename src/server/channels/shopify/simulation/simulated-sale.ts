import type { FastifyBaseLogger } from 'fastify';
import type { SalesCheckResponse } from '@shared/contracts/sales';
import { simulatedShopifySaleWords } from '@shared/domain/simulated-shopify';
import { AppError } from '@shared/errors';
import type { Db } from '../../../db/client';
import type { ItemService } from '../../../items/service';
import type { FeesService } from '../../../fees/fees';
import type { SalesService } from '../../../sales/sales';
import { shopifyDataOf, shopifyListingOf } from '../listing-repo';
import type { SimulatedShopify } from './simulated-shopify';

/**
 * "Simulate a sale on Shopify", as Etsy's: a simulated buyer orders the seller's item live in their
 * simulated store, which pushes the orders/create webhook to the app (decision 077: the sale is recorded and the other
 * listings' ends queued first), then the app checks for Shopify sales as "Check for sales" does (where the push could
 * not reach the app, the pull records it). The answer counts the sale whichever of the two recorded it.
 */
export function createSimulatedShopifySales(deps: {
  db: Db;
  simulation: SimulatedShopify;
  items: ItemService;
  sales: SalesService;
  fees: FeesService;
  log: FastifyBaseLogger;
}) {
  const { db, simulation, items, sales, fees, log } = deps;

  async function sellItem(userId: string, itemId: string): Promise<SalesCheckResponse> {
    const item = await items.getItem(userId, itemId); // another seller's item: 404
    const listing = await shopifyListingOf(db, userId, item.id);
    const shop = shopifyDataOf(listing).shop;
    if (!listing || listing.status !== 'live' || !shop || !(await simulation.buy(shop, item.sku)))
      throw new AppError('CONFLICT', simulatedShopifySaleWords.notLive);
    const outcome = await sales.checkSalesOf(userId, 'shopify');
    const pushed = !outcome.sold.includes(item.id) && (await shopifyListingOf(db, userId, item.id))?.status === 'sold';
    await fees.pullFeesOf(userId, 'shopify').catch((err: unknown) => log.warn({ err }, 'fees not read after a simulated Shopify sale'));
    return {
      newSales: outcome.newSales + (pushed ? 1 : 0),
      soldItemIds: pushed ? [...outcome.sold, item.id] : outcome.sold,
      takenBackItemIds: outcome.takenBack,
      checkedAt: outcome.checkedAt.toISOString(),
    };
  }

  return { sellItem };
}

export type SimulatedShopifySales = ReturnType<typeof createSimulatedShopifySales>;
