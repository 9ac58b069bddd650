import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { channelNames, channels, type Channel } from '@shared/domain/channel-listing';
import { readMoneyInput } from '@shared/domain/money-input';
import type { PastSalesProblem } from '@shared/contracts/what-sells';

/**
 * A spreadsheet of past sales the seller kept (decision 149), read as CSV: one row a sale, its columns named
 * in a header row (any order, any case). Every row is checked before anything is imported: a file with a problem
 * imports nothing and names each problem by its line.
 */
export const pastSalesColumns = {
  soldDate: 'Sold date',
  listedDate: 'Listed date',
  marketplace: 'Marketplace',
  title: 'Title',
  sku: 'SKU',
  brand: 'Brand',
  category: 'Category',
  size: 'Size',
  source: 'Source',
  cost: 'Cost',
  price: 'Price',
  shippingCharged: 'Shipping charged',
  fees: 'Fees',
  shippingCost: 'Shipping cost',
} as const;
type Column = keyof typeof pastSalesColumns;
const required: Column[] = ['soldDate', 'marketplace', 'price'];

export interface PastSale {
  line: number;
  /** The same row of the same file has the same key: a second import of it adds nothing. */
  key: string;
  soldAt: Date;
  listedAt: Date | null;
  channel: Channel;
  title: string | null;
  sku: string | null;
  brand: string | null;
  category: string | null;
  size: string | null;
  source: string | null;
  costMinor: number | null;
  priceMinor: number;
  shippingChargedMinor: number;
  feesMinor: number | null;
  shippingCostMinor: number | null;
}

const channelByName = new Map<string, Channel>(
  channels.flatMap((channel) => [
    [channel, channel],
    [channelNames[channel].toLowerCase(), channel],
  ]),
);

/** The first year a marketplace sold online (eBay's): a sold or listed day before it is a typing slip. */
export const firstMarketplaceYear = 1995;

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A day written 2026-03-14 (what every spreadsheet exports), noon UTC so it is that day on every clock; or why it is
 * no day. Checked against the calendar, never rolled over: 2025-13-01 is refused, not read as 2026-01-01.
 */
function readDay(text: string): { ok: true; date: Date } | { ok: false; message: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return { ok: false, message: 'a day written as 2026-03-14.' };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return { ok: false, message: `${text} is not a day (there is no month ${match[2]}).` };
  const date = new Date(Date.UTC(2000, month - 1, day, 12));
  date.setUTCFullYear(year);
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  if (day < 1 || day > daysInMonth)
    return {
      ok: false,
      message: `${text} is not a day (${day < 1 ? `there is no day ${match[3]}` : `${monthNames[month - 1]} ${year} has ${daysInMonth} days`}).`,
    };
  if (year < firstMarketplaceYear)
    return { ok: false, message: `${text} is before any marketplace sold online (${firstMarketplaceYear}).` };
  return { ok: true, date };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function readPastSales(
  csv: string,
  currency: string,
  locale: string,
  now = new Date(),
): { ok: true; sales: PastSale[] } | { ok: false; problems: PastSalesProblem[] } {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    return { ok: false, problems: [{ line: (error as { lines?: number }).lines ?? 1, message: 'This is not a CSV file we can read.' }] };
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, problems: [{ line: 1, message: 'The file is empty.' }] };
  const index = new Map<Column, number>();
  for (const [column, name] of Object.entries(pastSalesColumns) as [Column, string][]) {
    const at = header.findIndex((cell) => cell.toLowerCase() === name.toLowerCase());
    if (at >= 0) index.set(column, at);
  }
  const missing = required.filter((column) => !index.has(column)).map((column) => `“${pastSalesColumns[column]}”`);
  if (missing.length) return { ok: false, problems: [{ line: 1, message: `The header row has no ${missing.join(', ')} column.` }] };
  if (rows.length === 0) return { ok: false, problems: [{ line: 2, message: 'The file has no sales under its header row.' }] };

  const problems: PastSalesProblem[] = [];
  const sales: PastSale[] = [];
  rows.forEach((row, at) => {
    const line = at + 2;
    const cell = (column: Column) => {
      const position = index.get(column);
      const value = position === undefined ? '' : (row[position] ?? '').trim();
      return value === '' ? null : value;
    };
    const fail = (message: string) => problems.push({ line, message });
    const amount = (column: Column): number | null | undefined => {
      const text = cell(column);
      if (text === null) return null;
      const read = readMoneyInput(text, currency, locale);
      if (!read.ok) {
        fail(`${pastSalesColumns[column]}: ${read.message}`);
        return undefined;
      }
      return read.value?.amountMinor ?? null;
    };
    const soldText = cell('soldDate');
    const sold = readDay(soldText ?? '');
    if (!sold.ok) return fail(`Sold date: ${sold.message}`);
    const soldAt = sold.date;
    if (soldAt.getTime() > now.getTime() + 86_400_000) return fail('Sold date: a day in the future.');
    const listedText = cell('listedDate');
    const listed = listedText === null ? null : readDay(listedText);
    if (listed && !listed.ok) return fail(`Listed date: ${listed.message}`);
    const listedAt = listed?.ok ? listed.date : null;
    if (listedAt && listedAt > soldAt) return fail('Listed date: after the sold date.');
    const channel = channelByName.get((cell('marketplace') ?? '').toLowerCase());
    if (!channel) return fail(`Marketplace: one of ${channels.map((c) => channelNames[c]).join(', ')}.`);
    const [cost, price, shippingCharged, fees, shippingCost] = (['cost', 'price', 'shippingCharged', 'fees', 'shippingCost'] as const).map(
      amount,
    );
    if (price === null) return fail('Price: the price it sold for.');
    if ([cost, price, shippingCharged, fees, shippingCost].includes(undefined)) return;
    sales.push({
      line,
      key: createHash('sha256').update(row.join('\u0000')).digest('hex').slice(0, 24),
      soldAt,
      listedAt,
      channel,
      title: cell('title'),
      sku: cell('sku'),
      brand: cell('brand'),
      category: cell('category'),
      size: cell('size'),
      source: cell('source'),
      costMinor: cost ?? null,
      priceMinor: price!,
      shippingChargedMinor: shippingCharged ?? 0,
      feesMinor: fees ?? null,
      shippingCostMinor: shippingCost ?? null,
    });
  });
  return problems.length ? { ok: false, problems } : { ok: true, sales };
}
