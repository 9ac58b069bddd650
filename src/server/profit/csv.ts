import { money, toDecimalString } from '@shared/domain/money';
import { profitCsvColumns, profitCsvSaleColumns, type ProfitMonth } from '@shared/contracts/profit';
import type { SaleProfit } from '@shared/domain/profit';
import type { StandingSaleLine } from './repo';

/** A cell a spreadsheet reads as text: what the seller or a marketplace wrote (titles, SKUs, order ids...). */
interface TextCell {
  text: string | null;
}
/** A number (a count, or money as an exact decimal string, what a spreadsheet reads, such as "-499.00"), written as it is. */
type Cell = TextCell | number | string | null;

const text = (value: string | null): TextCell => ({ text: value });

const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a text starting with =+-@ is kept as text. */
function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') {
    if (cell.text === null) return '';
    return quoted(/^[=+\-@\t\r]/.test(cell.text) ? `'${cell.text}` : cell.text);
  }
  return quoted(String(cell));
}

const minorText = (value: number | null, currency: string) => (value === null ? null : toDecimalString(money(value, currency)));
const lines = (rows: Cell[][]) => rows.map((row) => row.map(field).join(',') + '\r\n').join('');
const header = (columns: readonly string[]) => columns.map(text);

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
