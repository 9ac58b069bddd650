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

/** A day written 2026-03-14 (what every spreadsheet exports), noon UTC so it is that day on every clock. */
function readDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return date.getUTCDate() === Number(match[3]) ? date : null;
}

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
    const soldAt = soldText === null ? null : readDay(soldText);
    if (!soldAt) return fail('Sold date: a day written as 2026-03-14.');
    if (soldAt.getTime() > now.getTime() + 86_400_000) return fail('Sold date: a day in the future.');
    const listedText = cell('listedDate');
    const listedAt = listedText === null ? null : readDay(listedText);
    if (listedText !== null && !listedAt) return fail('Listed date: a day written as 2026-03-14.');
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
