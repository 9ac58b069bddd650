import { describe, expect, it } from 'vitest';
import { pastSalesChunks } from './past-sales-csv';

/** The whole file read as the import reads it: its sales, or its problems. */
async function readPastSales(csv: string, currency: string, locale: string, now: Date) {
  const sales = [];
  const problems = [];
  for await (const chunk of pastSalesChunks(csv, { currency, locale, size: 3, now })) {
    sales.push(...chunk.sales);
    problems.push(...chunk.problems);
  }
  return problems.length ? ({ ok: false, problems } as const) : ({ ok: true, sales } as const);
}

/** A day no calendar has, or one before any marketplace sold online, is refused on its own line, never moved to another day. */
describe('the past sales spreadsheet’s days', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const sheet = (...days: string[]) => ['Sold date,Listed date,Marketplace,Price', ...days.map((day) => `${day},eBay,20.00`)].join('\n');

  it('refuses each impossible day on its own line, with words', async () => {
    const read = await readPastSales(
      sheet('2026-05-01,', '2025-13-01,', '2025-00-10,', '0001-01-01,', '0099-12-31,', '2025-02-29,', '2026-05-02,2025-13-40'),
      'USD',
      'en-US',
      now,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toEqual([
      { line: 3, message: 'Sold date: 2025-13-01 is not a day (there is no month 13).' },
      { line: 4, message: 'Sold date: 2025-00-10 is not a day (there is no month 00).' },
      { line: 5, message: 'Sold date: 0001-01-01 is before any marketplace sold online (1995).' },
      { line: 6, message: 'Sold date: 0099-12-31 is before any marketplace sold online (1995).' },
      { line: 7, message: 'Sold date: 2025-02-29 is not a day (February 2025 has 28 days).' },
      { line: 8, message: 'Listed date: 2025-13-40 is not a day (there is no month 13).' },
    ]);
  });

  it('keeps a real day as that day', async () => {
    const read = await readPastSales(sheet('2024-02-29,2024-02-01', '1999-12-31,'), 'USD', 'en-US', now);
    expect(read.ok && read.sales.map((sale) => [sale.soldAt.toISOString(), sale.listedAt?.toISOString() ?? null])).toEqual([
      ['2024-02-29T12:00:00.000Z', '2024-02-01T12:00:00.000Z'],
      ['1999-12-31T12:00:00.000Z', null],
    ]);
  });
});
