import { describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { parseCostInput } from './item-cost';

describe('parseCostInput', () => {
  it('reads what a seller types as an exact amount of the item’s currency, empty as none, anything else as not an amount', () => {
    expect(parseCostInput('4.5', 'USD')).toEqual(money(450));
    expect(parseCostInput('12.30', 'USD')).toEqual(money(1230));
    expect(parseCostInput(' $12 ', 'USD')).toEqual(money(1200));
    expect(parseCostInput('3,75', 'USD')).toEqual(money(375));
    expect(parseCostInput('£3.75', 'GBP')).toEqual(money(375, 'GBP'));
    expect(parseCostInput('1999', 'JPY')).toEqual(money(1999, 'JPY'));
    expect(parseCostInput('0', 'USD')).toEqual(money(0));
    expect(parseCostInput('', 'USD')).toBeNull();
    expect(parseCostInput('   ', 'USD')).toBeNull();
    for (const bad of ['abc', '-2', '1.234', '1e3', '4.5.6']) expect(parseCostInput(bad, 'USD'), bad).toBeUndefined();
    expect(parseCostInput('19.99', 'JPY')).toBeUndefined();
  });
});
