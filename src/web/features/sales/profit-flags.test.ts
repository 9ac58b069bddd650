import { describe, expect, it } from 'vitest';
import { monthLabel } from './month-label';
import { profitFlags } from './profit-flags';

describe('profitFlags', () => {
  it('says what a month’s profit leaves out, and why, and what it counts as an estimate', () => {
    const none = { unknownProfit: 0, feesUnknown: 0, costMissing: 0, feesEstimated: 0, shippingCostEstimated: 0 };
    expect(profitFlags(none)).toEqual([]);
    expect(profitFlags({ ...none, unknownProfit: 3, feesUnknown: 1, costMissing: 2, shippingCostEstimated: 1 })).toEqual([
      'Profit leaves out 3 sales: 1 fees not known, 2 without cost',
      '1 sale without shipping cost: your usual one counted, else what the buyer paid (estimated)',
    ]);
    expect(profitFlags({ ...none, unknownProfit: 1, costMissing: 1 })).toEqual(['Profit leaves out 1 sale: 1 without cost']);
    expect(profitFlags({ ...none, feesEstimated: 2 })).toEqual(['2 sales with estimated fees (the marketplace’s not in yet)']);
  });
});

describe('monthLabel', () => {
  it('names the month whatever the time zone', () => {
    expect(monthLabel('2026-01')).toBe('January 2026');
    // The chart's short label keeps the whole year: "Nov 26" read as the 26th of November.
    expect(monthLabel('2026-12', 'short')).toBe('Dec 2026');
    expect(monthLabel('2026-11', 'short')).not.toMatch(/ 26$/);
    expect(monthLabel('nonsense')).toBe('nonsense');
  });
});
