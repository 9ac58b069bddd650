import { describe, expect, it } from 'vitest';
import { moneyInputText, parseMoneyInput } from './item-cost';

describe('parseMoneyInput', () => {
  it('reads what a seller types as an amount in cents, empty as none, anything else as not an amount', () => {
    expect(parseMoneyInput('4.5')).toBe(4.5);
    expect(parseMoneyInput(' $12 ')).toBe(12);
    expect(parseMoneyInput('3,75')).toBe(3.75);
    expect(parseMoneyInput('0')).toBe(0);
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('   ')).toBeNull();
    for (const bad of ['abc', '-2', '1.234', '1e3', '12345678', '4.5.6']) expect(parseMoneyInput(bad), bad).toBeUndefined();
  });

  it('writes an amount back with two decimals', () => {
    expect(moneyInputText(4.5)).toBe('4.50');
    expect(moneyInputText(null)).toBe('');
  });
});
