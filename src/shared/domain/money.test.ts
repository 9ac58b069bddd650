import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sellerRegionOf } from './seller-region';
import {
  formatWholeMoney,
  addMoney,
  compareMoney,
  divideRounded,
  formatMoney,
  minorDigits,
  money,
  moneyFromDecimal,
  multiplyMoney,
  parseMoney,
  currencySymbol,
  moneyLocale,
  setMoneyLocale,
  percentOff,
  subtractMoney,
  sumMoney,
  toDecimalString,
} from './money';

const currencies = fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'KWD');
const amount = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });
const moneyArb = fc.record({ amountMinor: amount, currency: currencies });

describe('money', () => {
  it('knows each currency’s minor digits from Intl', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('parses decimal text exactly, and refuses what the currency cannot hold', () => {
    expect(parseMoney('19.99')).toEqual(money(1999, 'USD'));
    expect(parseMoney('0.07')).toEqual(money(7, 'USD'));
    expect(parseMoney('.5')).toEqual(money(50, 'USD'));
    expect(parseMoney('-0.01')).toEqual(money(-1, 'USD'));
    expect(parseMoney('99999.99')).toEqual(money(9_999_999, 'USD'));
    expect(parseMoney('1999', 'JPY')).toEqual(money(1999, 'JPY'));
    expect(parseMoney('19.5', 'JPY')).toBeNull();
    expect(parseMoney('0.001')).toBeNull();
    expect(parseMoney('1e3')).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('.')).toBeNull();
  });

  it('reads wire decimals by their shortest text: 0.1 + 0.2 is refused, 0.3 is 30 cents', () => {
    expect(moneyFromDecimal(0.3)).toEqual(money(30));
    expect(moneyFromDecimal(0.1 + 0.2)).toBeNull();
    expect(moneyFromDecimal(19.99)).toEqual(money(1999));
  });

  it('round-trips parse ∘ format for any amount in any currency', () => {
    fc.assert(
      fc.property(moneyArb, (value) => {
        expect(parseMoney(toDecimalString(value), value.currency)).toEqual(value);
        const shown = formatMoney(value, 'en-US').replace(/[^\d.-]/g, '');
        expect(parseMoney(shown, value.currency)).toEqual(value);
      }),
    );
  });

  it('sums exactly: the total of the parts is the sum of their minor units, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { maxLength: 200 }), (amounts) => {
        const values = amounts.map((a) => money(a, 'USD'));
        const total = amounts.reduce((s, a) => s + a, 0);
        expect(sumMoney(values).amountMinor).toBe(total);
        expect(sumMoney([...values].reverse()).amountMinor).toBe(total);
      }),
    );
    // Ten dimes are a dollar, which 0.1 added ten times in floating point is not.
    expect(sumMoney(Array.from({ length: 10 }, () => parseMoney('0.10')!))).toEqual(money(100));
  });

  it('adds, subtracts and compares in one currency only', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(subtractMoney(addMoney(money(a), money(b)), money(b))).toEqual(money(a));
        expect(compareMoney(money(a), money(b))).toBe(Math.sign(a - b));
      }),
    );
    expect(() => addMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(RangeError);
    expect(() => money(0.5)).toThrow(RangeError);
  });

  it('rounds in one place, half away from zero, exactly', () => {
    expect(divideRounded(5, 10)).toBe(1);
    expect(divideRounded(-5, 10)).toBe(-1);
    expect(divideRounded(4, 10)).toBe(0);
    expect(divideRounded(15, 10)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        const q = divideRounded(n, d);
        // Within half a unit of the true quotient, and a half goes away from zero.
        expect(Math.abs(q * d - n) * 2).toBeLessThanOrEqual(d);
        if (Math.abs(q * d - n) * 2 === d) expect(Math.abs(q * d)).toBeGreaterThan(Math.abs(n));
      }),
    );
  });

  it('multiplies by a rate and takes a percent off with that one rounding', () => {
    // 14.95 * 1.1 is 16.445: half a cent goes up (binary 1.1 would make it 16.444999…).
    expect(multiplyMoney(money(1495), 1.1)).toEqual(money(1645));
    expect(multiplyMoney(money(2000), 0.1325)).toEqual(money(265));
    expect(percentOff(money(2800), 20)).toEqual(money(2240));
    expect(percentOff(money(999), 12.5)).toEqual(money(874));
    expect(percentOff(money(1000), -10)).toEqual(money(1100));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: -90_00, max: 100_00 }), (a, basisPoints) => {
        const percent = basisPoints / 100;
        const off = percentOff(money(a), percent).amountMinor;
        expect(off).toBe(divideRounded(a * (10_000 - basisPoints), 10_000));
      }),
    );
  });

  it('formats with Intl in the seller’s locale', () => {
    expect(formatMoney(money(1999))).toBe('$19.99');
    expect(formatMoney(money(-5))).toBe('-$0.05');
    expect(formatMoney(money(1999, 'JPY'))).toBe('¥1,999');
    expect(formatMoney(money(123456, 'EUR'), 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(money(9_007_199_254_740_991))).toBe('$90,071,992,547,409.91');
  });

  it('writes a whole amount without its zero cents, in the locale, and an amount with cents in full', () => {
    expect(formatWholeMoney(money(1200, 'GBP'), 'en-GB')).toBe('£12');
    expect(formatWholeMoney(money(1400, 'EUR'), 'de-DE')).toBe('14\u00a0€');
    expect(formatWholeMoney(money(1250, 'GBP'), 'en-GB')).toBe('£12.50');
    expect(formatWholeMoney(money(4000, 'USD'), 'en-US')).toBe('$40');
    expect(formatWholeMoney(money(1999, 'JPY'), 'en-US')).toBe('¥1,999');
  });

  it('shows a German seller’s money as "18,00 €": their region’s locale, set once for the screens (decision 102)', () => {
    try {
      setMoneyLocale(sellerRegionOf('DE').locale);
      expect(moneyLocale()).toBe('de-DE');
      // Intl puts a no-break space between the amount and the sign, so the two never part at a line's end.
      expect(formatMoney(money(1800, 'EUR'))).toBe('18,00\u00a0€');
      expect(formatMoney(money(123456, 'EUR'))).toBe('1.234,56\u00a0€');
      expect(currencySymbol('EUR')).toBe('€');
      setMoneyLocale(sellerRegionOf('FR').locale);
      expect(formatMoney(money(1800, 'EUR'))).toBe('18,00\u00a0€');
      setMoneyLocale(sellerRegionOf('GB').locale);
      expect(formatMoney(money(1800, 'GBP'))).toBe('£18.00');
    } finally {
      setMoneyLocale('en-US');
    }
    expect(formatMoney(money(1800, 'EUR'))).toBe('€18.00');
  });
});

describe('parseWireDecimal: a marketplace amount, exactly', () => {
  it('takes zeros past the minor unit, refuses finer digits, never rounds', async () => {
    const { parseWireDecimal } = await import('./money');
    expect(parseWireDecimal('12.500', 'USD')).toEqual({ amountMinor: 1250, currency: 'USD' });
    expect(parseWireDecimal('1500.0', 'JPY')).toEqual({ amountMinor: 1500, currency: 'JPY' });
    expect(parseWireDecimal('0.29', 'USD')?.amountMinor).toBe(29);
    expect(parseWireDecimal('12.345', 'USD')).toBeNull();
    expect(parseWireDecimal('1e3', 'USD')).toBeNull();
    expect(parseWireDecimal('12,50', 'EUR')).toBeNull();
  });
});
