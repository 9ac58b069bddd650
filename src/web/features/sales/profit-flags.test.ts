import { describe, expect, it } from 'vitest';
import { monthLabel } from './month-label';
import { profitFlags } from './profit-flags';

describe('profitFlags', () => {
  it('says what a month’s profit leaves out, and why', () => {
    expect(profitFlags({ unknownProfit: 0, feesPending: 0, costMissing: 0, shippingCostMissing: 0 })).toEqual([]);
    expect(profitFlags({ unknownProfit: 3, feesPending: 1, costMissing: 2, shippingCostMissing: 1 })).toEqual([
      'Profit leaves out 3 sales: 1 fees pending, 2 without cost',
      '1 sale without shipping cost (counted as none)',
    ]);
    expect(profitFlags({ unknownProfit: 1, feesPending: 0, costMissing: 1, shippingCostMissing: 0 })).toEqual([
      'Profit leaves out 1 sale: 1 without cost',
    ]);
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
