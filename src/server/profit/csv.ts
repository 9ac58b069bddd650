import { money, toDecimalString } from '@shared/domain/money';
import { profitCsvColumns, profitCsvSaleColumns, type ProfitMonth } from '@shared/contracts/profit';
import type { ProfitSaleLineRow } from './repo';

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

/** A sale line's minor units (bigint text) as exact decimal text. */
const minorText = (value: string | null, currency: string) => (value === null ? null : toDecimalString(money(Number(value), currency)));
const lines = (rows: Cell[][]) => rows.map((row) => row.map(field).join(',') + '\r\n').join('');
const header = (columns: readonly string[]) => columns.map(text);

/**
 * The Profit view's table as CSV, one row a month and currency (newest first), with a header row; then, after an
 * empty line, one row a sale with its own header. CRLF lines.
 */
export function profitCsv(months: ProfitMonth[], saleLines: ProfitSaleLineRow[]): string {
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
    m.feesPending,
    m.costMissing,
    m.shippingCostMissing,
    m.averageDaysToSell === null ? null : m.averageDaysToSell.toFixed(1),
  ]);
  const saleRows = saleLines.map((s): Cell[] => [
    text(s.day),
    text(s.sku),
    text(s.title),
    text(s.channel),
    text(s.order_id),
    Number(s.quantity),
    text(s.currency),
    minorText(s.price, s.currency),
    minorText(s.shipping_charged, s.currency),
    minorText(s.fees, s.currency),
    minorText(s.shipping_cost, s.currency),
    minorText(s.cost, s.currency),
    minorText(s.profit, s.currency),
  ]);
  return lines([header(profitCsvColumns), ...monthRows]) + '\r\n' + lines([header(profitCsvSaleColumns), ...saleRows]);
}
