import { profitCsvColumns, type ProfitMonth } from '@shared/contracts/profit';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading =+-@ is kept as text. */
function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const money = (value: number) => value.toFixed(2);

/** The Profit view's table as CSV, one row a month and currency (newest first), with a header row; CRLF lines. */
export function profitCsv(months: ProfitMonth[]): string {
  const rows = months.map((m) => [
    m.month,
    m.currency,
    m.sold,
    m.sales,
    money(m.revenue),
    money(m.fees),
    money(m.shippingCost),
    money(m.cost),
    money(m.profit),
    m.unknownProfit,
    m.feesPending,
    m.costMissing,
    m.shippingCostMissing,
    m.averageDaysToSell === null ? null : m.averageDaysToSell.toFixed(1),
  ]);
  return [profitCsvColumns, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
