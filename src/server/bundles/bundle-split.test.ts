import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { bundleSplitMessages, splitBundleCost, type BundleMember } from './bundle-split';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const member = (id: string, expectedMinor: number | null, currency = 'USD'): BundleMember => ({ id, currency, expectedMinor });
const sum = (shares: { costMinor: number }[]) => shares.reduce((a, s) => a + s.costMinor, 0);

describe('splitBundleCost', () => {
  it('splits equally with the left-over cents going to the first members', () => {
    const shares = splitBundleCost(usd(1000), [member('a', null), member('b', null), member('c', null)], 'equal');
    expect(shares).toEqual([
      { id: 'a', costMinor: 334 },
      { id: 'b', costMinor: 333 },
      { id: 'c', costMinor: 333 },
    ]);
  });

  it('splits by expected price in proportion, summing exactly to the total', () => {
    const shares = splitBundleCost(usd(3000), [member('a', 2000), member('b', 1000), member('c', 3000)], 'expected-price');
    expect(shares.map((s) => s.costMinor)).toEqual([1000, 500, 1500]);
  });

  it('gives the remainder to the largest fractional parts', () => {
    // exact shares 333.33.., 666.66..: the second rounds up
    const shares = splitBundleCost(usd(1000), [member('a', 100), member('b', 200)], 'expected-price');
    expect(shares.map((s) => s.costMinor)).toEqual([333, 667]);
  });

  it('counts a member with no expected price as the average of the others', () => {
    const shares = splitBundleCost(usd(3000), [member('a', 1000), member('b', 3000), member('c', null)], 'expected-price');
    expect(shares.map((s) => s.costMinor)).toEqual([500, 1500, 1000]);
  });

  it('gives a zero-priced member a zero share and the others the whole', () => {
    const shares = splitBundleCost(usd(999), [member('a', 0), member('b', 500), member('c', 500)], 'expected-price');
    expect(shares.map((s) => s.costMinor)).toEqual([0, 500, 499]);
    expect(sum(shares)).toBe(999);
  });

  it('splits equally by expected price when no member has a positive one', () => {
    const shares = splitBundleCost(usd(100), [member('a', 0), member('b', null)], 'expected-price');
    expect(shares.map((s) => s.costMinor)).toEqual([50, 50]);
  });

  it('gives one member the whole cost', () => {
    expect(splitBundleCost(usd(1234), [member('a', 777)], 'expected-price')).toEqual([{ id: 'a', costMinor: 1234 }]);
    expect(splitBundleCost(usd(1234), [member('a', null)], 'equal')).toEqual([{ id: 'a', costMinor: 1234 }]);
  });

  it('answers no shares for no members', () => {
    expect(splitBundleCost(usd(1000), [], 'equal')).toEqual([]);
  });

  it('always sums to the total, whatever the prices', () => {
    for (let n = 1; n <= 12; n++) {
      for (const total of [0, 1, 7, 999, 3000, 123_457]) {
        const members = Array.from({ length: n }, (_, i) => member(String(i), i % 3 === 0 ? null : (i * 7919) % 4001));
        for (const rule of ['equal', 'expected-price'] as const) {
          const shares = splitBundleCost(usd(total), members, rule);
          expect(sum(shares)).toBe(total);
          expect(shares.every((s) => Number.isInteger(s.costMinor) && s.costMinor >= 0)).toBe(true);
        }
      }
    }
  });

  it('refuses a member counted in another currency, with a clear message', () => {
    const split = () => splitBundleCost(usd(1000), [member('a', 100), member('b', 100, 'EUR')], 'equal');
    expect(split).toThrow(AppError);
    expect(split).toThrow(bundleSplitMessages.otherCurrency('USD', 'EUR'));
  });
});
