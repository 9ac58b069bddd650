import type { FastifyBaseLogger } from 'fastify';
import type { Channel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import type { Marketplaces } from './marketplace';
import { advanceSalesCursor, markListingSold, salesCursorOf, takeBackSoldListing, upsertSaleLine } from './sales-repo';

/** Each pull asks again for what changed this long before the last one started: clocks and eBay's index lag. */
export const SALES_PULL_OVERLAP_MS = 5 * 60_000;
/** A seller's first pull reaches back this far (eBay's getOrders answers 90 days without a date filter). */
export const FIRST_SALES_PULL_DAYS = 90;

export interface SalesPull {
  /** Order lines the marketplace answered (new, seen again, or cancelled since). */
  lines: number;
  /** Items whose listing on the channel became sold, and those whose sale was cancelled (for sale again). */
  sold: string[];
  takenBack: string[];
}

export interface SalesServiceDeps {
  db: Db;
  marketplaces: Marketplaces;
  clock: Pick<Clock, 'now'>;
  log: FastifyBaseLogger;
}

/**
 * Pulling a seller's sales from any channel (DESIGN §10, issue 33): the lines changed since the cursor (less an
 * overlap), each recorded once, the item's listing marked sold, or taken back when the order was cancelled. A
 * repeated, overlapping or concurrent pull counts nothing twice: the sales table is unique per order line and every
 * write below is idempotent.
 */
export function createSalesService({ db, marketplaces, clock, log }: SalesServiceDeps) {
  async function pullSalesOf(userId: string, channel: Channel): Promise<SalesPull> {
    const market = marketplaces[channel];
    const startedAt = new Date(clock.now());
    const cursor = await salesCursorOf(db, userId, channel);
    const since = cursor
      ? new Date(cursor.getTime() - SALES_PULL_OVERLAP_MS)
      : new Date(startedAt.getTime() - FIRST_SALES_PULL_DAYS * 86_400_000);
    const lines = await market.pullSales(userId, since);
    const skus = [...new Set(lines.flatMap((line) => (line.sku ? [line.sku] : [])))];
    const itemOf = await market.itemsOfSkus(userId, skus);
    const outcome: SalesPull = { lines: lines.length, sold: [], takenBack: [] };
    for (const line of lines) {
      const itemId = (line.sku && itemOf.get(line.sku)) || null;
      await upsertSaleLine(db, userId, channel, { ...line, itemId });
      if (!itemId) continue;
      if (!line.cancelledAt) {
        if (await markListingSold(db, userId, itemId, channel, line.soldAt)) outcome.sold.push(itemId);
      } else if (await takeBackSoldListing(db, userId, itemId, channel)) {
        outcome.takenBack.push(itemId);
      }
    }
    await advanceSalesCursor(db, userId, channel, startedAt);
    if (lines.length) log.info({ userId, channel, since, ...outcome }, 'sales pulled');
    return outcome;
  }

  return { pullSalesOf };
}

export type SalesService = ReturnType<typeof createSalesService>;
