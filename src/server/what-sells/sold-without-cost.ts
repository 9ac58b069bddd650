import type { SoldWithoutCostQuery, SoldWithoutCostResponse } from '@shared/contracts/what-sells';
import { money } from '@shared/domain/money';
import type { Db } from '../db/client';
import { countSoldWithoutCost, soldWithoutCostPage } from './without-cost-repo';

const said = (value: string | null) => value?.trim() || null;

/**
 * The sold items whose profit is left out for want of a cost (decision 155), newest sale first: the What sells screen
 * lists them so the seller can say what they paid, one at a time or as a bundle.
 */
export async function soldWithoutCost(db: Db, userId: string, page: SoldWithoutCostQuery): Promise<SoldWithoutCostResponse> {
  // Independent reads, at once: on PostgreSQL each takes a connection of its own, on PGlite they queue.
  const [total, rows] = await Promise.all([countSoldWithoutCost(db, userId), soldWithoutCostPage(db, userId, page)]);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      sku: row.sku,
      title: said(row.title),
      channel: row.channel,
      soldAt: row.soldAt.toISOString(),
      price: money(row.priceMinor, row.currency),
      brand: said(row.brand),
      category: said(row.category),
      source: said(row.source),
    })),
  };
}
