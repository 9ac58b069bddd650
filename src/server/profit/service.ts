import type { ItemProfitResponse, SaleFigures, ProfitMonth, ProfitResponse } from '@shared/contracts/profit';
import { AppError, notFound } from '@shared/errors';
import { timeZoneMessage, timeZoneText, type TimeZone } from '@shared/domain/time-zone';
import { money, type Money } from '@shared/domain/money';
import { saleProfitMinor } from '@shared/domain/profit';
import { pgErrorCode, type Db } from '../db/client';
import { profitCsv } from './csv';
import { itemCostOf, profitByMonth, profitSaleLines, salesOfItem, setSaleShippingCost, type ProfitMonthRow, type SaleRow } from './repo';

const num = (value: string | number) => Number(value);
const moneyOrNull = (minor: number | null, currency: string): Money | null => (minor === null ? null : money(minor, currency));
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function monthOf(row: ProfitMonthRow): ProfitMonth {
  // Summed in integer minor units by the database, sent as they are (decisions 067, 081).
  const amount = (minor: string | number) => money(num(minor), row.currency);
  return {
    month: row.month,
    currency: row.currency,
    sold: num(row.sold),
    sales: num(row.sales),
    revenue: amount(row.revenue),
    fees: amount(row.fees),
    shippingCost: amount(row.shipping_cost),
    cost: amount(row.cost),
    profit: amount(row.profit),
    unknownProfit: num(row.unknown_profit),
    feesPending: num(row.fees_pending),
    costMissing: num(row.cost_missing),
    shippingCostMissing: num(row.shipping_cost_missing),
    soldTwice: num(row.sold_twice),
    averageDaysToSell: row.average_days === null ? null : round(num(row.average_days), 1),
  };
}

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

function saleOf(row: SaleRow, unitCostMinor: number | null): SaleFigures {
  const amount = (minor: number | null) => moneyOrNull(minor, row.currency);
  const profit = row.cancelledAt ? null : saleProfitMinor({ ...row, unitCostMinor });
  return {
    id: row.id,
    channel: row.channel,
    orderId: row.externalOrderId,
    soldAt: row.soldAt.toISOString(),
    quantity: row.quantity,
    price: money(row.priceMinor, row.currency),
    shippingCharged: money(row.shippingChargedMinor, row.currency),
    fees: amount(row.feesMinor),
    shippingCost: amount(row.shippingCostMinor),
    currency: row.currency,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    profit: amount(profit),
  };
}

/**
 * The seller's sales figures (DESIGN §10, issue 33, decision 048): profit by month for the Profit view and its CSV,
 * an item's sales with their profit, and the shipping cost the seller enters on a sale.
 */
export function createProfitService({ db }: { db: Db }) {
  async function months(userId: string, zone: TimeZone): Promise<ProfitResponse> {
    const rows = await inZone(() => profitByMonth(db, userId, zone));
    return { timeZone: timeZoneText(zone), months: rows.map(monthOf) };
  }

  return {
    months,
    async csv(userId: string, zone: TimeZone): Promise<string> {
      const [byMonth, saleLines] = await Promise.all([months(userId, zone), inZone(() => profitSaleLines(db, userId, zone))]);
      return profitCsv(byMonth.months, saleLines);
    },
    /** Another user's item answers 404. */
    async ofItem(userId: string, itemId: string): Promise<ItemProfitResponse> {
      const item = await itemCostOf(db, userId, itemId);
      if (!item) throw notFound('Item not found');
      const rows = await salesOfItem(db, userId, itemId);
      return { cost: moneyOrNull(item.costMinor, item.currency), sales: rows.map((row) => saleOf(row, item.costMinor)) };
    },
    /** Another user's sale answers 404. */
    async setShippingCost(userId: string, saleId: string, shippingCost: Money | null): Promise<SaleFigures> {
      const row = await setSaleShippingCost(db, userId, saleId, shippingCost);
      if (!row) throw notFound('Sale not found');
      const cost = row.itemId ? ((await itemCostOf(db, userId, row.itemId))?.costMinor ?? null) : null;
      return saleOf(row, cost);
    },
  };
}

export type ProfitService = ReturnType<typeof createProfitService>;
