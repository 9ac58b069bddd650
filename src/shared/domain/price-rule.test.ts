import { describe, expect, it } from 'vitest';
import { applyPriceRule, describePriceRule } from './price-rule';

describe('applyPriceRule', () => {
  it('adds the percent, in cents', () => {
    expect(applyPriceRule(25, { percent: 10, rounding: 'none' })).toBe(27.5);
    expect(applyPriceRule(19.99, { percent: 10, rounding: 'none' })).toBe(21.99);
    expect(applyPriceRule(0.1 + 0.2, { percent: 0, rounding: 'none' })).toBe(0.3);
    expect(applyPriceRule(40, { percent: -15, rounding: 'none' })).toBe(34);
  });

  it('rounds to .99 or to whole dollars', () => {
    expect(applyPriceRule(25, { percent: 10, rounding: 'cents99' })).toBe(27.99);
    expect(applyPriceRule(25, { percent: 8, rounding: 'cents99' })).toBe(26.99);
    expect(applyPriceRule(25, { percent: 10, rounding: 'whole' })).toBe(28);
    expect(applyPriceRule(0.4, { percent: 0, rounding: 'whole' })).toBe(1);
    expect(applyPriceRule(0.4, { percent: 0, rounding: 'cents99' })).toBe(0.99);
  });

  it('keeps no price as no price, and no rule as the same price', () => {
    expect(applyPriceRule(null, { percent: 10, rounding: 'none' })).toBeNull();
    expect(applyPriceRule(0, { percent: 10, rounding: 'none' })).toBeNull();
    expect(applyPriceRule(12.5, null)).toBe(12.5);
  });

  it('reads as words', () => {
    expect(describePriceRule({ percent: 10, rounding: 'cents99' })).toBe('+10%, rounded to .99');
    expect(describePriceRule({ percent: -5, rounding: 'none' })).toBe('−5%');
    expect(describePriceRule(null)).toBe('Same price');
  });
});
