import { describe, expect, it } from 'vitest';
import { money, parseMoney } from './money';
import { applyPriceRule, describePriceRule } from './price-rule';

const usd = (text: string) => parseMoney(text)!;

describe('applyPriceRule', () => {
  it('adds the percent, in cents', () => {
    expect(applyPriceRule(usd('25'), { percent: 10, rounding: 'none' })).toEqual(usd('27.5'));
    expect(applyPriceRule(usd('19.99'), { percent: 10, rounding: 'none' })).toEqual(usd('21.99'));
    expect(applyPriceRule(usd('0.30'), { percent: 0, rounding: 'none' })).toEqual(usd('0.3'));
    expect(applyPriceRule(usd('40'), { percent: -15, rounding: 'none' })).toEqual(usd('34'));
  });

  it('rounds to .99 or to whole amounts', () => {
    expect(applyPriceRule(usd('25'), { percent: 10, rounding: 'cents99' })).toEqual(usd('27.99'));
    expect(applyPriceRule(usd('25'), { percent: 8, rounding: 'cents99' })).toEqual(usd('26.99'));
    expect(applyPriceRule(usd('25'), { percent: 10, rounding: 'whole' })).toEqual(usd('28'));
    expect(applyPriceRule(usd('0.4'), { percent: 0, rounding: 'whole' })).toEqual(usd('1'));
    expect(applyPriceRule(usd('0.4'), { percent: 0, rounding: 'cents99' })).toEqual(usd('0.99'));
  });

  it('keeps no price as no price, and no rule as the same price', () => {
    expect(applyPriceRule(null, { percent: 10, rounding: 'none' })).toBeNull();
    expect(applyPriceRule(money(0), { percent: 10, rounding: 'none' })).toBeNull();
    expect(applyPriceRule(usd('12.5'), null)).toEqual(usd('12.5'));
  });

  it('reads as words', () => {
    expect(describePriceRule({ percent: 10, rounding: 'cents99' })).toBe('+10%, rounded to .99');
    // No currency's name: a rule applies to a shop in pounds as to one in dollars.
    expect(describePriceRule({ percent: -5, rounding: 'whole' })).toBe('−5%, rounded to whole amounts');
    expect(describePriceRule({ percent: -5, rounding: 'none' })).toBe('−5%');
    expect(describePriceRule(null)).toBe('Same price');
  });

  it('rounds half a cent once, up: 0.90 + 15% is 1.035, so 1.04 (binary 1.15 made it 1.03)', () => {
    expect(applyPriceRule(usd('0.90'), { percent: 15, rounding: 'none' })).toEqual(usd('1.04'));
    expect(applyPriceRule(money(1000, 'JPY'), { percent: 10, rounding: 'cents99' })).toEqual(money(1100, 'JPY'));
  });
});
