import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { items, sales } from '../db/schema';

/**
 * The seller's sold items with no cost (decision 155): an item with a standing sale (not cancelled) and no
 * `cost_minor`, each with its latest such sale. Both tables are filtered by the seller.
 */
function soldWithoutCostWhere(userId: string) {
  return {
    join: and(eq(items.id, sales.itemId), eq(items.userId, userId), isNull(items.costMinor)),
    where: and(eq(sales.userId, userId), isNull(sales.cancelledAt)),
  };
}

/** How many of the seller's sold items have no cost. */
export async function countSoldWithoutCost(db: Db, userId: string): Promise<number> {
  const { join, where } = soldWithoutCostWhere(userId);
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${sales.itemId})::int` })
    .from(sales)
    .innerJoin(items, join)
    .where(where);
  return Number(row?.total ?? 0);
}

/** A page of them, the latest sale first (then the item's id, so pages never overlap). */
export async function soldWithoutCostPage(db: Db, userId: string, page: { limit: number; offset: number }) {
  const { join, where } = soldWithoutCostWhere(userId);
  const latest = db
    .selectDistinctOn([sales.itemId], {
      itemId: sales.itemId,
      channel: sales.channel,
      soldAt: sales.soldAt,
      priceMinor: sales.priceMinor,
      currency: sales.currency,
    })
    .from(sales)
    .innerJoin(items, join)
    .where(where)
    .orderBy(sales.itemId, desc(sales.soldAt), desc(sales.id))
    .as('latest');
  return db
    .select({
      id: items.id,
      sku: items.sku,
      title: items.aiTitle,
      brand: sql<string | null>`nullif(trim(coalesce(${items.brand}, ${items.extractedBrand})), '')`,
      category: items.category,
      source: items.source,
      channel: latest.channel,
      soldAt: latest.soldAt,
      priceMinor: latest.priceMinor,
      currency: latest.currency,
    })
    .from(latest)
    .innerJoin(items, and(eq(items.id, latest.itemId), eq(items.userId, userId)))
    .orderBy(desc(latest.soldAt), desc(items.id))
    .limit(page.limit)
    .offset(page.offset);
}
