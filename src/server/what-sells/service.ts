import { randomUUID } from 'node:crypto';
import type {
  PastSalesFileImport,
  PastSalesProblem,
  PastSalesResponse,
  SellerTimeBody,
  SoldWithoutCostQuery,
  WhatSellsDimension,
  WhatSellsGroup,
  WhatSellsResponse,
} from '@shared/contracts/what-sells';
import { channelNames, isApiChannel, isAssistedChannel } from '@shared/domain/channel-listing';
import { divideRounded, formatWholeMoney, money } from '@shared/domain/money';
import { estimatedShippingCostsMinor, saleProfit } from '@shared/domain/profit';
import { AppError, notFound } from '@shared/errors';
import type { Db } from '../db/client';
import { importSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { existingSkus } from '../items/item-writer';
import type { ProfitFloorService } from '../profit-floor/service';
import { whatSellsCsv } from './csv';
import { sellerRegionIn } from '../seller-region/service';
import { pastSalesChunks, type PastSale } from './past-sales-csv';
import {
  createFileImport,
  analyzeHistory,
  fileImportOf,
  finishFileImport,
  groupSums,
  importedKeys,
  insertPastSales,
  pendingLines,
  priceBandBounds,
  recordFileBatch,
  writingFileImportOf,
  type GroupSums,
  type PastSaleRow,
  type PastSalesFileImportRow,
  type PendingLine,
} from './repo';
import { minutesOf, sellerTimeOf, setSellerTime } from './seller-time';
import { soldWithoutCost } from './sold-without-cost';

/**
 * The "What sells" screen (decision 149): the seller's items grouped by brand, category, size, source,
 * marketplace or price band, best earner per hour first. Each sale's profit is the profit view's (profit.ts): the
 * database sums the sales whose figures are all in, and a sale whose fees are pending is worked line by line with the
 * same estimate the profit view counts.
 */

const noValue: Record<WhatSellsDimension, string> = {
  brand: 'No brand',
  category: 'No category',
  size: 'No size',
  source: 'No source',
  marketplace: 'No marketplace',
  'price-band': 'No price',
};

function labelOf(by: WhatSellsDimension, value: string | null, currency: string): string {
  if (value === null) return noValue[by];
  if (by === 'marketplace') return isApiChannel(value) || isAssistedChannel(value) ? channelNames[value] : value;
  if (by === 'price-band') {
    const index = Number(value);
    const from = priceBandBounds[index]!;
    const to = priceBandBounds[index + 1];
    const whole = (minor: number) => formatWholeMoney(money(minor, currency));
    if (from === 0) return `Under ${whole(to!)}`;
    return to === undefined ? `${whole(from)} and over` : `${whole(from)} to ${whole(to)}`;
  }
  return value;
}

const share = (sold: number, of: number) => (of === 0 ? null : Math.round((sold / of) * 1000) / 1000);

/** Best first: profit per hour, then profit per item, then sold; a group with no known figure after those with one. */
function best(a: WhatSellsGroup, b: WhatSellsGroup): number {
  const by = (x: { amountMinor: number } | null, y: { amountMinor: number } | null) =>
    x === null ? (y === null ? 0 : 1) : y === null ? -1 : y.amountMinor - x.amountMinor;
  return by(a.profitPerHour, b.profitPerHour) || by(a.profitPerItem, b.profitPerItem) || b.sold - a.sold || a.label.localeCompare(b.label);
}

/** A past sale as written: its own SKU, else one made from its row's key. */
const pastSaleRow = (sale: PastSale): PastSaleRow => ({ ...sale, sku: sale.sku ?? `IMPORT-${sale.key.slice(0, 10).toUpperCase()}` });

const fileImportView = (row: PastSalesFileImportRow): PastSalesFileImport => ({
  id: row.id,
  status: row.status,
  rows: row.rows,
  done: row.done,
  imported: row.imported,
  alreadyImported: row.alreadyImported,
  error: row.error,
});

export const pastSalesFileWords = {
  oneAtATime: 'Your last spreadsheet of past sales is still being imported: import this one when it is done.',
  notFound: 'Import not found',
  stopped: (reason: string) =>
    `The import stopped: ${reason} What was imported stays; import the file again for the rest (nothing is imported twice).`,
} as const;

/** Rows of a past-sales spreadsheet checked and written a batch at a time (config.pastSalesBatchRows). */
export const DEFAULT_PAST_SALES_BATCH_ROWS = 1000;

export function createWhatSellsService({
  db,
  profitFloor,
  batchRows = DEFAULT_PAST_SALES_BATCH_ROWS,
}: {
  db: Db;
  profitFloor: Pick<ProfitFloorService, 'saleEstimates'>;
  batchRows?: number;
}) {
  async function groups(userId: string, by: WhatSellsDimension): Promise<WhatSellsResponse> {
    // Independent reads, at once: on PostgreSQL each takes a connection of its own, on PGlite they queue.
    const [sums, pending, sellerTime] = await Promise.all([groupSums(db, userId, by), pendingLines(db, userId), sellerTimeOf(db, userId)]);
    const minutes = minutesOf(sellerTime);
    const estimatesOf = await profitFloor.saleEstimates(userId, new Set(sums.map((sum) => sum.currency)));
    const linesOf = new Map<string, PendingLine[]>();
    for (const line of pending) {
      const own = linesOf.get(line.itemId);
      if (own) own.push(line);
      else linesOf.set(line.itemId, [line]);
    }

    const groupOf = (sum: GroupSums): WhatSellsGroup => {
      const { currency } = sum;
      const usualShipping = estimatesOf.usualShippingMinor(currency);
      // The sales whose figures are all in: the database's sum, with the shipping cost profit.ts estimates where none
      // was entered: the usual one, else what the buyer paid for shipping.
      let profitMinor =
        sum.profitKnownMinor - estimatedShippingCostsMinor(sum.shippingMissing, sum.shippingMissingChargedMinor, usualShipping);
      let counted = sum.profitCounted;
      let unknown = sum.profitUnknown;
      let estimated = usualShipping ? Math.min(sum.shippingMissing, sum.profitCounted) : 0;
      // The sales whose fees are pending: profit.ts line by line, as the profit view counts them, and each item known,
      // estimated or unknown by its own lines (one item's unknown fees never make another's profit unknown).
      // A marketplace's row counts the item's sales there only, as its sums do.
      for (const itemId of sum.pendingItems) {
        const lines = (linesOf.get(itemId) ?? []).filter((line) => by !== 'marketplace' || line.channel === sum.value);
        let itemKnown = true;
        let itemEstimated = false;
        for (const line of lines) {
          const profit = saleProfit(line, estimatesOf(line.channel, currency));
          if (profit.profitMinor === null) itemKnown = false;
          else profitMinor += profit.profitMinor;
          if (profit.profitEstimated) itemEstimated = true;
        }
        if (!itemKnown) unknown += 1;
        else {
          counted += 1;
          if (itemEstimated) estimated += 1;
        }
      }
      const groupMinutes =
        sum.shares * (minutes.capture + minutes.review) + sum.handOvers * minutes.handOver + sum.sales * minutes.shipping;
      const profit = money(profitMinor, currency);
      const known = counted > 0;
      return {
        value: sum.value,
        label: labelOf(by, sum.value, currency),
        currency,
        items: sum.items,
        sold: sum.sold,
        sellThrough: {
          within30: share(sum.sold30, sum.exposed30),
          within60: share(sum.sold60, sum.exposed60),
          within90: share(sum.sold90, sum.exposed90),
        },
        medianDaysToSale: sum.medianDays === null ? null : Math.round(sum.medianDays * 10) / 10,
        profit,
        profitPerItem: known ? money(divideRounded(profitMinor, counted), currency) : null,
        // One rounding each: minutes kept to the tenth, days to the thousandth.
        profitPerHour:
          known && groupMinutes > 0 ? money(divideRounded(profitMinor * 600, Math.max(1, Math.round(groupMinutes * 10))), currency) : null,
        profitPerDayTiedUp:
          known && sum.daysTiedUp > 0
            ? money(divideRounded(profitMinor * 1000, Math.max(1, Math.round(sum.daysTiedUp * 1000))), currency)
            : null,
        minutes: Math.round(groupMinutes * 10) / 10,
        profitUnknown: unknown,
        profitEstimated: estimated,
      };
    };

    return { by, groups: sums.map(groupOf).sort(best), sellerTime };
  }

  return {
    groups,
    async csv(userId: string, by: WhatSellsDimension): Promise<string> {
      return whatSellsCsv(await groups(userId, by));
    },
    sellerTime: (userId: string) => sellerTimeOf(db, userId),
    setSellerTime: (userId: string, body: SellerTimeBody) => setSellerTime(db, userId, body),
    /** The sold items with no cost, newest sale first, a page at a time (decision 155). */
    soldWithoutCost: (userId: string, page: SoldWithoutCostQuery) => soldWithoutCost(db, userId, page),
    /**
     * The seller's spreadsheet of past sales, in their currency: every row checked first, a batch at a time (nothing
     * imported while one has a problem), each row once (a row imported before is skipped), each sale an item of its
     * own with its listing. A file of one batch is written here; a longer one by the `import-past-sales-file` job, a
     * batch at a time, whose progress the answer's `import` is.
     */
    async importPastSales(userId: string, csv: string, locale: string): Promise<PastSalesResponse> {
      const { currency } = await sellerRegionIn(db, userId);
      const problems: PastSalesProblem[] = [];
      const seen = new Set<string>();
      let rows = 0;
      let single: PastSaleRow[] = [];
      for await (const chunk of pastSalesChunks(csv, { currency, locale, size: batchRows })) {
        rows += chunk.rows;
        problems.push(...chunk.problems);
        const already = await importedKeys(
          db,
          userId,
          chunk.sales.map((sale) => sale.key),
        );
        const fresh = chunk.sales.filter((sale) => !already.has(sale.key));
        const taken = await existingSkus(
          db,
          userId,
          fresh.flatMap((sale) => (sale.sku ? [sale.sku] : [])),
        );
        for (const sale of fresh) {
          if (!sale.sku) continue;
          if (taken.has(sale.sku)) problems.push({ line: sale.line, message: `SKU ${sale.sku} is already one of your items.` });
          else if (seen.has(sale.sku)) problems.push({ line: sale.line, message: `SKU ${sale.sku} is on an earlier line too.` });
          seen.add(sale.sku);
        }
        if (rows <= batchRows) single = fresh.map(pastSaleRow);
      }
      if (problems.length) return { imported: 0, alreadyImported: 0, problems: problems.sort((a, b) => a.line - b.line) };
      if (rows <= batchRows) {
        const imported = await db.transaction((tx) => insertPastSales(tx, userId, currency, randomUUID(), single));
        return { imported, alreadyImported: rows - imported, problems: [] };
      }
      if (await writingFileImportOf(db, userId)) throw new AppError('CONFLICT', pastSalesFileWords.oneAtATime);
      const row = await createFileImport(db, { userId, csv, locale, currency, rows });
      await enqueue(db, 'import-past-sales-file', { userId, subject: importSubject(row.id), payload: {} });
      return { imported: 0, alreadyImported: 0, problems: [], import: fileImportView(row) };
    },
    /** A spreadsheet being written by the job: how far it got (another seller's: 404). */
    async fileImport(userId: string, id: string): Promise<PastSalesFileImport> {
      const row = await fileImportOf(db, userId, id);
      if (!row) throw notFound(pastSalesFileWords.notFound);
      return fileImportView(row);
    },
    /**
     * The job's work: the file's rows from where it stopped, a batch at a time, each batch and its progress in one
     * transaction (a batch run twice writes nothing twice: each sale is keyed on its row). Stops, writing nothing
     * more, when the worker loses its lease.
     */
    async writeFileImport(userId: string, id: string, signal: AbortSignal): Promise<void> {
      const row = await fileImportOf(db, userId, id);
      if (!row || row.status !== 'writing' || row.csv === null) return;
      const chunks = pastSalesChunks(row.csv, {
        currency: row.currency,
        locale: row.locale,
        size: batchRows,
        skip: row.done,
        now: row.createdAt,
      });
      for await (const chunk of chunks) {
        signal.throwIfAborted();
        await db.transaction(async (tx) => {
          const imported = await insertPastSales(tx, userId, row.currency, row.id, chunk.sales.map(pastSaleRow));
          await recordFileBatch(tx, userId, row.id, { rows: chunk.rows, imported, already: chunk.rows - imported });
        });
      }
      // A history of thousands of rows read with no statistics took What sells to a nested loop, each item's
      // listings and sales read again per item (10,000 rows: 87 s on PGlite, which never analyzes by itself).
      await analyzeHistory(db);
      await finishFileImport(db, userId, id, { status: 'done' });
    },
    failFileImport: (userId: string, id: string, reason: string) =>
      finishFileImport(db, userId, id, { status: 'failed', error: pastSalesFileWords.stopped(reason) }),
  };
}

export type WhatSellsService = ReturnType<typeof createWhatSellsService>;
