import type { ItemProfitResponse, SaleFigures, ProfitResponse } from '@shared/contracts/profit';
import { AppError, notFound } from '@shared/errors';
import { timeZoneMessage, timeZoneText, type TimeZone } from '@shared/domain/time-zone';
import { money, type Money } from '@shared/domain/money';
import { estimatedShippingCostMinor, saleProfit } from '@shared/domain/profit';
import { pgErrorCode, type Db } from '../db/client';
import type { ProfitFloorService, SaleEstimates } from '../profit-floor/service';
import { profitCsv, type CsvSale } from './csv';
import { profitMonths } from './months';
import { itemCostOf, salesOfItem, setSaleShippingCost, standingSaleLines, type SaleRow } from './repo';

const moneyOrNull = (minor: number | null, currency: string): Money | null => (minor === null ? null : money(minor, currency));

/** PostgreSQL's "time zone not recognized": a name the runtime knows and the database's zone files do not. */
const INVALID_PARAMETER_VALUE = '22023';

/** The figures of `query`, a name the database does not know answered as an unknown time zone. */
async function inZone<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (err) {
    if (pgErrorCode(err) === INVALID_PARAMETER_VALUE) throw new AppError('VALIDATION_FAILED', timeZoneMessage);
    throw err;
  }
}

/** One sale of an item: its actual figures, the estimates beside them, and its profit by the one function. */
function saleOf(row: SaleRow, unitCostMinor: number | null, estimates: SaleEstimates): SaleFigures {
  const amount = (minor: number | null) => moneyOrNull(minor, row.currency);
  const counted = saleProfit({ ...row, unitCostMinor }, estimates);
  const standing = row.cancelledAt === null;
  return {
    id: row.id,
    channel: row.channel,
    orderId: row.externalOrderId,
    soldAt: row.soldAt.toISOString(),
    quantity: row.quantity,
    price: money(row.priceMinor, row.currency),
    shippingCharged: money(row.shippingChargedMinor, row.currency),
    fees: amount(row.feesMinor),
    feesEstimate: amount(counted.feesEstimateMinor),
    feesEstimateBasis: counted.feesEstimateMinor === null ? null : estimates.feesBasis,
    feesEstimated: standing && counted.feesEstimated,
    shippingCost: amount(row.shippingCostMinor),
    shippingCostEstimate: amount(estimatedShippingCostMinor(row.shippingChargedMinor, estimates.usualShippingMinor)),
    shippingCostEstimateBasis: estimates.usualShippingMinor ? 'usual' : 'buyer-paid',
    shippingCostEstimated: standing && counted.shippingCostEstimated,
    currency: row.currency,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    // A cancelled sale counts for nothing.
    profit: standing ? amount(counted.profitMinor) : null,
    profitEstimated: standing && counted.profitEstimated,
  };
}

/**
 * The seller's sales figures (decisions 048 and 126): profit by month for the Profit view and its
 * CSV, an item's sales with their profit, and the shipping cost the seller enters on a sale. Every sale's profit is
 * profit.ts's `saleProfit`, with the estimates the profit floor gives (its fees, the usual shipping): the same figure on
 * every screen and in the CSV.
 */
export function createProfitService({ db, profitFloor }: { db: Db; profitFloor: Pick<ProfitFloorService, 'saleEstimates'> }) {
  /** The seller's standing sales, each with its profit; read once for the months and the CSV. */
  async function countedSales(userId: string, zone: TimeZone): Promise<CsvSale[]> {
    const lines = await inZone(() => standingSaleLines(db, userId, zone));
    const estimatesOf = await profitFloor.saleEstimates(
      userId,
      lines.map((line) => line.currency),
    );
    return lines.map((line) => ({ line, profit: saleProfit(line, estimatesOf(line.channel, line.currency)) }));
  }

  const monthsOf = (sales: readonly CsvSale[]) =>
    profitMonths(
      sales.map(({ line, profit }) => ({
        month: line.day.slice(0, 7),
        currency: line.currency,
        quantity: line.quantity,
        priceMinor: line.priceMinor,
        shippingChargedMinor: line.shippingChargedMinor,
        soldTwice: line.soldTwice,
        daysToSell: line.daysToSell,
        profit,
      })),
    );

  /** The item's sales with their figures; its cost is in the item's currency (null: not entered). */
  async function itemSales(userId: string, rows: SaleRow[], costMinor: number | null): Promise<SaleFigures[]> {
    const estimatesOf = await profitFloor.saleEstimates(
      userId,
      rows.map((row) => row.currency),
    );
    return rows.map((row) => saleOf(row, costMinor, estimatesOf(row.channel, row.currency)));
  }

  return {
    async months(userId: string, zone: TimeZone): Promise<ProfitResponse> {
      return { timeZone: timeZoneText(zone), months: monthsOf(await countedSales(userId, zone)) };
    },
    async csv(userId: string, zone: TimeZone): Promise<string> {
      const sales = await countedSales(userId, zone);
      return profitCsv(monthsOf(sales), sales);
    },
    /** Another user's item answers 404. */
    async ofItem(userId: string, itemId: string): Promise<ItemProfitResponse> {
      const item = await itemCostOf(db, userId, itemId);
      if (!item) throw notFound('Item not found');
      const rows = await salesOfItem(db, userId, itemId);
      return { cost: moneyOrNull(item.costMinor, item.currency), sales: await itemSales(userId, rows, item.costMinor) };
    },
    /** Another user's sale answers 404. */
    async setShippingCost(userId: string, saleId: string, shippingCost: Money | null): Promise<SaleFigures> {
      const row = await setSaleShippingCost(db, userId, saleId, shippingCost);
      if (!row) throw notFound('Sale not found');
      const cost = row.itemId ? ((await itemCostOf(db, userId, row.itemId))?.costMinor ?? null) : null;
      const [figures] = await itemSales(userId, [row], cost);
      return figures!;
    },
  };
}

export type ProfitService = ReturnType<typeof createProfitService>;
