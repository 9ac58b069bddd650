import { money, toDecimalString } from '@shared/domain/money';
import { profitCsvColumns, profitCsvSaleColumns, type ProfitMonth } from '@shared/contracts/profit';
import type { SaleProfit } from '@shared/domain/profit';
import { csvHeader as header, csvLines as lines, text, type Cell } from '../http/csv-cells';
import type { StandingSaleLine } from './repo';

const minorText = (value: number | null, currency: string) => (value === null ? null : toDecimalString(money(value, currency)));

/** Which of the figures a sale's profit counts are estimates, in words ("fees and shipping cost"); empty: none. */
const estimatedOf = (profit: SaleProfit) =>
  [profit.feesEstimated ? 'fees' : null, profit.shippingCostEstimated ? 'shipping cost' : null].filter(Boolean).join(' and ');

/** A sale of the CSV's second table: its line and its profit (profit.ts, the same as every screen's). */
export interface CsvSale {
  line: StandingSaleLine;
  profit: SaleProfit;
}

/**
 * The Profit view's table as CSV, one row a month and currency (newest first), with a header row; then, after an
 * empty line, one row a sale with its own header: the fees and shipping cost its profit counts, and which of them are
 * estimates. CRLF lines.
 */
export function profitCsv(months: ProfitMonth[], sales: readonly CsvSale[]): string {
  const monthRows = months.map((m): Cell[] => [
    text(m.month),
    text(m.currency),
    m.sold,
    m.sales,
    toDecimalString(m.revenue),
    toDecimalString(m.fees),
    toDecimalString(m.shippingCost),
    toDecimalString(m.cost),
    toDecimalString(m.profit),
    m.unknownProfit,
    m.feesUnknown,
    m.costMissing,
    m.feesEstimated,
    m.shippingCostEstimated,
    m.profitEstimated,
    m.averageDaysToSell === null ? null : m.averageDaysToSell.toFixed(1),
  ]);
  const saleRows = sales.map(({ line: s, profit }): Cell[] => [
    text(s.day),
    text(s.sku),
    text(s.title),
    text(s.channel),
    text(s.orderId),
    s.quantity,
    text(s.currency),
    minorText(s.priceMinor, s.currency),
    minorText(s.shippingChargedMinor, s.currency),
    minorText(profit.feesMinor, s.currency),
    minorText(profit.shippingCostMinor, s.currency),
    minorText(profit.costMinor, s.currency),
    minorText(profit.profitMinor, s.currency),
    text(estimatedOf(profit) || null),
  ]);
  return lines([header(profitCsvColumns), ...monthRows]) + '\r\n' + lines([header(profitCsvSaleColumns), ...saleRows]);
}
