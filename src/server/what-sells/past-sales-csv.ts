import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
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

type ReadRow = { ok: true; sale: PastSale } | { ok: false; problem: PastSalesProblem };

/** The reader of one row under this header: the sale, or the row's one problem with its line. */
function rowReader(index: Map<Column, number>, currency: string, locale: string, now: Date) {
  return (row: string[], line: number): ReadRow => {
    const cell = (column: Column) => {
      const position = index.get(column);
      const value = position === undefined ? '' : (row[position] ?? '').trim();
      return value === '' ? null : value;
    };
    let problem: PastSalesProblem | null = null;
    const fail = (message: string): ReadRow => ({ ok: false, problem: problem ?? { line, message } });
    const amount = (column: Column): number | null | undefined => {
      const text = cell(column);
      if (text === null) return null;
      const read = readMoneyInput(text, currency, locale);
      if (!read.ok) {
        problem ??= { line, message: `${pastSalesColumns[column]}: ${read.message}` };
        return undefined;
      }
      return read.value?.amountMinor ?? null;
    };
    const sold = readDay(cell('soldDate') ?? '');
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
    if (price === null && !problem) return fail('Price: the price it sold for.');
    if (problem) return fail('');
    return {
      ok: true,
      sale: {
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
      },
    };
  };
}

/** One batch of the file's rows read: the sales and the problems among them, and how many rows it held. */
export interface PastSalesChunk {
  rows: number;
  sales: PastSale[];
  problems: PastSalesProblem[];
}

/** The text in slices of this many characters: the parser holds a slice's rows at a time, not the file's. */
const SLICE = 64 * 1024;

/**
 * Reads the spreadsheet a batch of `size` rows at a time, in bounded memory (the text is fed to the parser a slice
 * at a time and its rows taken as they come). A problem with the whole file (no header, a column missing, no rows,
 * not CSV) is one chunk of that problem alone. `skip` passes over the first rows (a job resumed where it stopped).
 */
export async function* pastSalesChunks(
  csv: string,
  options: { currency: string; locale: string; size: number; skip?: number; now?: Date },
): AsyncGenerator<PastSalesChunk> {
  const text = csv.replace(/^\uFEFF/, '');
  const parser = Readable.from(
    (function* () {
      for (let at = 0; at < text.length; at += SLICE) yield text.slice(at, at + SLICE);
    })(),
  ).pipe(parse({ skip_empty_lines: true, relax_column_count: true, trim: true }));
  let read: ((row: string[], line: number) => ReadRow) | null = null;
  let line = 1;
  let rows = 0;
  let chunk: PastSalesChunk = { rows: 0, sales: [], problems: [] };
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!read) {
        const header = checkHeader(record);
        if (!header.ok) {
          yield { rows: 0, sales: [], problems: [header.problem] };
          return;
        }
        read = rowReader(header.index, options.currency, options.locale, options.now ?? new Date());
        continue;
      }
      line += 1;
      rows += 1;
      if (rows <= (options.skip ?? 0)) continue;
      const row = read(record, line);
      chunk.rows += 1;
      if (row.ok) chunk.sales.push(row.sale);
      else chunk.problems.push(row.problem);
      if (chunk.rows === options.size) {
        yield chunk;
        chunk = { rows: 0, sales: [], problems: [] };
      }
    }
  } catch (error) {
    parser.destroy();
    yield {
      rows: 0,
      sales: [],
      problems: [{ line: (error as { lines?: number }).lines ?? line, message: 'This is not a CSV file we can read.' }],
    };
    return;
  }
  if (!read) yield { rows: 0, sales: [], problems: [{ line: 1, message: 'The file is empty.' }] };
  else if (rows === 0) yield { rows: 0, sales: [], problems: [{ line: 2, message: 'The file has no sales under its header row.' }] };
  else if (chunk.rows > 0) yield chunk;
}

function checkHeader(header: string[]): { ok: true; index: Map<Column, number> } | { ok: false; problem: PastSalesProblem } {
  const index = new Map<Column, number>();
  for (const [column, name] of Object.entries(pastSalesColumns) as [Column, string][]) {
    const at = header.findIndex((cell) => cell.toLowerCase() === name.toLowerCase());
    if (at >= 0) index.set(column, at);
  }
  const missing = required.filter((column) => !index.has(column)).map((column) => `“${pastSalesColumns[column]}”`);
  if (missing.length) return { ok: false, problem: { line: 1, message: `The header row has no ${missing.join(', ')} column.` } };
  return { ok: true, index };
}
