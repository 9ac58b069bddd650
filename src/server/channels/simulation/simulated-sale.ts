import type { FastifyBaseLogger } from 'fastify';
import type { SalesCheckResponse } from '@shared/contracts/sales';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import type { FeesService } from '../../fees/fees';
import type { ItemService } from '../../items/service';
import type { SalesService } from '../../sales/sales';
import type { ListingRow } from '../listings-repo';
import { listingOnChannel } from '../channel-listing-repo';

/** What every simulated marketplace's sale is built from; the marketplace supplies only its buyer and its words. */
export interface SimulatedSaleDeps {
  db: Db;
  items: ItemService;
  sales: SalesService;
  fees: FeesService;
  log: FastifyBaseLogger;
}

export interface SimulatedBuyer {
  channel: ApiChannel;
  /** Said when the item is not live on the simulated marketplace, so nothing could be bought. */
  notLive: string;
  /** The simulated buyer buys the item's live listing; false when the marketplace has nothing of it to sell. */
  buy: (listing: ListingRow, sku: string, userId: string) => boolean | Promise<boolean>;
}

/**
 * "Simulate a sale" on any simulated marketplace: its test buyer buys the seller's live listing (a marketplace that
 * pushes its sales sends its signed webhook to the app first), then the app checks for that marketplace's sales as
 * "Check for sales" does, the pull a missed push needs. Nothing here writes a sale: the push or the pull records it,
 * as a real one. The answer counts the sale whichever of the two recorded it. Fees are read after, as after a pull.
 */
export function createSimulatedSale(deps: SimulatedSaleDeps, buyer: SimulatedBuyer) {
  const { db, items, sales, fees, log } = deps;
  const { channel } = buyer;

  async function checkSales(userId: string, soldItemId?: string): Promise<SalesCheckResponse> {
    const outcome = await sales.checkSalesOf(userId, channel);
    const pushed =
      soldItemId !== undefined &&
      !outcome.sold.includes(soldItemId) &&
      (await listingOnChannel(db, userId, soldItemId, channel))?.status === 'sold';
    // As "Check for sales": fees that cannot be read now are asked for again by the next pull.
    await fees.pullFeesOf(userId, channel).catch((err: unknown) => log.warn({ err, channel }, 'fees not read after a simulated sale'));
    return {
      newSales: outcome.newSales + (pushed ? 1 : 0),
      soldItemIds: pushed && soldItemId ? [...outcome.sold, soldItemId] : outcome.sold,
      takenBackItemIds: outcome.takenBack,
      checkedAt: outcome.checkedAt.toISOString(),
    };
  }

  async function sellItem(userId: string, itemId: string): Promise<SalesCheckResponse> {
    const item = await items.getItem(userId, itemId); // another seller's item: 404
    const listing = await listingOnChannel(db, userId, item.id, channel);
    if (!listing || listing.status !== 'live' || !(await buyer.buy(listing, item.sku, userId)))
      throw new AppError('CONFLICT', buyer.notLive);
    return checkSales(userId, item.id);
  }

  return { sellItem, checkSales: (userId: string) => checkSales(userId) };
}

export type SimulatedSale = ReturnType<typeof createSimulatedSale>;
