import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, money } from './money';
import { moneyInputMessages, moneyInputText, readMoneyInput } from './money-input';

const currencies = fc.constantFrom('USD', 'GBP', 'EUR', 'JPY');
const amount = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('readMoneyInput', () => {
  it('round-trips: what formatMoney shows reads back as the same Money, for any amount in USD, GBP, EUR, JPY', () => {
    fc.assert(
      fc.property(amount, currencies, (amountMinor, currency) => {
        const value = money(amountMinor, currency);
        expect(readMoneyInput(formatMoney(value), currency)).toEqual({ ok: true, value });
        expect(readMoneyInput(formatMoney(value, 'en-GB'), currency)).toEqual({ ok: true, value });
        expect(readMoneyInput(moneyInputText(value), currency)).toEqual({ ok: true, value });
      }),
    );
  });

  it('reads what sellers type, exactly', () => {
    expect(readMoneyInput('4.5', 'USD')).toEqual({ ok: true, value: money(450) });
    expect(readMoneyInput(' $4.50 ', 'USD')).toEqual({ ok: true, value: money(450) });
    expect(readMoneyInput('4,50', 'EUR')).toEqual({ ok: true, value: money(450, 'EUR') });
    expect(readMoneyInput('1,234.56', 'GBP')).toEqual({ ok: true, value: money(123456, 'GBP') });
    expect(readMoneyInput('¥1,999', 'JPY')).toEqual({ ok: true, value: money(1999, 'JPY') });
    expect(readMoneyInput('0.1', 'USD')).toEqual({ ok: true, value: money(10) });
    expect(readMoneyInput('', 'USD')).toEqual({ ok: true, value: null });
    expect(readMoneyInput('   ', 'USD')).toEqual({ ok: true, value: null });
  });

  it('refuses a finer-than-cent amount with a clear message, never rounding it', () => {
    expect(readMoneyInput('4.505', 'USD')).toEqual({ ok: false, message: 'An amount can have at most 2 decimals' });
    expect(readMoneyInput('19.5', 'JPY')).toEqual({ ok: false, message: 'JPY amounts have no decimals' });
    expect(readMoneyInput('-2', 'USD')).toEqual({ ok: false, message: moneyInputMessages.negative });
    expect(readMoneyInput('abc', 'USD')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
    expect(readMoneyInput('$', 'USD')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
    expect(readMoneyInput('1.2.3', 'USD')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
    expect(readMoneyInput('1e3', 'USD')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
  });
});
