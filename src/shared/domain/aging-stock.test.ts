import { describe, expect, it } from 'vitest';
import { agingBandOf, daysListed } from './aging-stock';

const DAY = 86_400_000;

describe('aging stock bands', () => {
  it('puts each boundary day in its band: 30 and 31, 60 and 61, 90 and 91', () => {
    const cases: [number, string][] = [
      [0, '0-30'],
      [30, '0-30'],
      [31, '31-60'],
      [60, '31-60'],
      [61, '61-90'],
      [90, '61-90'],
      [91, 'over-90'],
      [400, 'over-90'],
    ];
    expect(cases.map(([days]) => [days, agingBandOf(days)])).toEqual(cases);
  });

  it('counts whole days since the listing went live, never negative', () => {
    const listedAt = Date.UTC(2026, 9, 1, 15);
    expect(daysListed(listedAt, listedAt)).toBe(0);
    expect(daysListed(listedAt, listedAt + 31 * DAY - 1)).toBe(30);
    expect(daysListed(listedAt, listedAt + 31 * DAY)).toBe(31);
    expect(daysListed(listedAt, listedAt - DAY)).toBe(0);
  });
});
