import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { importRows } from '../db/import-rows';
import { items, pastSalesImports, sales } from '../db/schema';
import type { SaleLine } from '../channels/marketplace';
import { saleRowOf } from '../sales/sale-row';
import { insertSoldItem } from './repo';

export type PastSalesImportRow = typeof pastSalesImports.$inferSelect;

const pastSalesImportRows = importRows(pastSalesImports, 'running');
const ownImport = pastSalesImportRows.own;

export const createImport = (db: Db, userId: string, channel: ApiChannel): Promise<PastSalesImportRow> =>
  pastSalesImportRows.create(db, { userId, channel });

export const importOf: (db: Db, userId: string, id: string) => Promise<PastSalesImportRow | undefined> = pastSalesImportRows.of;

/** The seller's latest import from each channel. */
export async function latestImportsOf(db: Db, userId: string): Promise<Map<ApiChannel, PastSalesImportRow>> {
  const rows = await db
    .selectDistinctOn([pastSalesImports.channel])
    .from(pastSalesImports)
    .where(eq(pastSalesImports.userId, userId))
    .orderBy(pastSalesImports.channel, desc(pastSalesImports.createdAt));
  return new Map(rows.map((row) => [row.channel, row]));
}

export const runningImportOf = (db: Db, userId: string, channel: ApiChannel): Promise<PastSalesImportRow | undefined> =>
  pastSalesImportRows.inProgressOf(db, userId, eq(pastSalesImports.channel, channel));

type ImportPatch = Partial<
  Pick<
    PastSalesImportRow,
    'status' | 'phase' | 'lines' | 'feesRead' | 'feeOrders' | 'orderIds' | 'imported' | 'alreadyHere' | 'error' | 'finishedAt'
  >
>;

export const updateImport: (db: Db, userId: string, id: string, patch: ImportPatch) => Promise<void> = pastSalesImportRows.update;

/** A page written: its counts added, and the orders it wrote kept (a resumed job asks their fees), in one statement. */
export async function recordWritten(
  db: Db,
  userId: string,
  id: string,
  page: { imported: number; alreadyHere: number; orderIds: string[] },
) {
  await db
    .update(pastSalesImports)
    .set({
      imported: sql`${pastSalesImports.imported} + ${page.imported}`,
      alreadyHere: sql`${pastSalesImports.alreadyHere} + ${page.alreadyHere}`,
      orderIds: sql`${pastSalesImports.orderIds} || ${JSON.stringify(page.orderIds)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(ownImport(userId, id));
}

/** The brands on the seller's items, as they spell them: an order title naming one is that brand's. */
export async function brandsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ brand: items.brand })
    .from(items)
    .where(and(eq(items.userId, userId), isNotNull(items.brand)));
  return rows.flatMap((row) => (row.brand?.trim() ? [row.brand.trim()] : []));
}

/**
 * Writes a page of a marketplace's order lines as past sales, all or none: each a sale keyed on its order line (so a
 * sales pull of the same order, or a second import, adds none) with an item of its own. A line written meanwhile (by a
 * pull) is skipped. Answers the lines written.
 */
export async function insertMarketplaceSales(
  db: Db,
  userId: string,
  channel: ApiChannel,
  lines: (SaleLine & { itemSku: string; brand: string | null; category: string | null })[],
): Promise<SaleLine[]> {
  if (!lines.length) return [];
  return db.transaction(async (tx) => {
    const batchId = randomUUID();
    const written: SaleLine[] = [];
    for (const line of lines) {
      const sold = await tx
        .insert(sales)
        .values(saleRowOf(userId, channel, line))
        .onConflictDoNothing()
        .returning({ id: sales.id });
      if (!sold[0]) continue;
      await insertSoldItem(
        tx,
        userId,
        batchId,
        {
          sku: line.itemSku,
          title: line.title ?? null,
          brand: line.brand,
          category: line.category,
          size: null,
          source: null,
          costMinor: null,
          channel,
          listedAt: null,
          soldAt: line.soldAt,
          priceMinor: line.priceMinor,
          shippingChargedMinor: line.shippingMinor,
          feesMinor: null,
          shippingCostMinor: null,
          currency: line.currency,
        },
        sold[0].id,
      );
      written.push(line);
    }
    return written;
  });
}
