import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorDigits, money, setMoneyLocale, toDecimalString, type Money } from './money';
import { moneyInputMessages, moneyInputText, readMoneyInput } from './money-input';

const locales = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'ja-JP'] as const;
const currencies = ['USD', 'GBP', 'EUR', 'JPY', 'AUD', 'CAD'] as const;
const locale = fc.constantFrom(...locales);
const currency = fc.constantFrom(...currencies);
/** Amounts a seller types (a few cents to a house) and any amount Money holds. */
const amountMinor = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));

/** The amount as Intl writes it in `where`: exact, from its decimal text (never through a float). */
function written(value: Money, where: string, options: Intl.NumberFormatOptions): string {
  const digits = minorDigits(value.currency);
  const format = new Intl.NumberFormat(where, { minimumFractionDigits: digits, maximumFractionDigits: digits, ...options });
  return format.format(toDecimalString(value) as unknown as number);
}

/**
 * The ways a person in `where` types an amount: with and without the currency's sign (symbol, narrow symbol, code),
 * with and without thousands separators, and a whole amount without its decimals ("18 €", "£18", "1,234").
 */
function typings(value: Money, where: string): string[] {
  const digits = minorDigits(value.currency);
  const whole = value.amountMinor % 10 ** digits === 0;
  const texts: string[] = [];
  for (const useGrouping of [true, false]) {
    const shapes: Intl.NumberFormatOptions[] = [
      { style: 'decimal' },
      { style: 'currency', currency: value.currency },
      { style: 'currency', currency: value.currency, currencyDisplay: 'narrowSymbol' },
      { style: 'currency', currency: value.currency, currencyDisplay: 'code' },
    ];
    for (const shape of shapes) {
      texts.push(written(value, where, { ...shape, useGrouping }));
      if (whole) texts.push(written(value, where, { ...shape, useGrouping, minimumFractionDigits: 0 }));
    }
  }
  return texts;
}

describe('readMoneyInput in the seller’s locale', () => {
  it('reads back exactly every amount as a person in en-US, en-GB, de-DE, fr-FR, es-ES, it-IT, nl-NL or ja-JP types it, in USD, GBP, EUR, JPY, AUD, CAD', () => {
    fc.assert(
      fc.property(locale, currency, amountMinor, (where, code, minor) => {
        const value = money(minor, code);
        for (const text of typings(value, where)) expect([text, readMoneyInput(text, code, where)]).toEqual([text, { ok: true, value }]);
        expect(readMoneyInput(moneyInputText(value, where), code, where)).toEqual({ ok: true, value });
      }),
      { numRuns: 300 },
    );
  });

  it('reads "39,99" and "39.99" as the same amount in every locale: a decimal mark the locale does not use, unless it groups thousands', () => {
    fc.assert(
      fc.property(
        locale,
        fc.constantFrom('USD', 'GBP', 'EUR', 'AUD', 'CAD'),
        amountMinor.filter((minor) => minor % 100 !== 0),
        (where, code, minor) => {
          const value = money(minor, code);
          const point = toDecimalString(value);
          expect(readMoneyInput(point, code, where)).toEqual({ ok: true, value });
          expect(readMoneyInput(point.replace('.', ','), code, where)).toEqual({ ok: true, value });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never reads another amount: typed the way of another locale, an amount reads exactly, or is refused, or is asked about', () => {
    fc.assert(
      fc.property(locale, locale, fc.constantFrom(...currencies, 'KWD'), amountMinor, (writer, reader, code, minor) => {
        const value = money(minor, code);
        for (const text of typings(value, writer)) {
          const read = readMoneyInput(text, code, reader);
          // A three-decimal currency in a decimal-point locale reads "1.234" as the locale does (1.234): left out.
          if (code === 'KWD' && writer !== reader) continue;
          if (read.ok) expect([text, read.value]).toEqual([text, value]);
          else if (read.ambiguous) expect(read.ambiguous).toContainEqual(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads what sellers type, exactly', () => {
    expect(readMoneyInput('4.5', 'USD', 'en-US')).toEqual({ ok: true, value: money(450) });
    expect(readMoneyInput(' $4.50 ', 'USD', 'en-US')).toEqual({ ok: true, value: money(450) });
    expect(readMoneyInput('4,50', 'EUR', 'en-US')).toEqual({ ok: true, value: money(450, 'EUR') });
    expect(readMoneyInput('1,234.56', 'GBP', 'en-GB')).toEqual({ ok: true, value: money(123456, 'GBP') });
    expect(readMoneyInput('¥1,999', 'JPY', 'en-US')).toEqual({ ok: true, value: money(1999, 'JPY') });
    expect(readMoneyInput('0.1', 'USD', 'en-US')).toEqual({ ok: true, value: money(10) });
    expect(readMoneyInput('', 'USD', 'en-US')).toEqual({ ok: true, value: null });
    expect(readMoneyInput('   ', 'USD', 'en-US')).toEqual({ ok: true, value: null });
  });

  it('reads amounts with a comma, a sign or a thousands separator as the seller meant them', () => {
    expect(readMoneyInput('39,99', 'USD', 'en-US')).toEqual({ ok: true, value: money(3999) });
    expect(readMoneyInput('39,99', 'EUR', 'de-DE')).toEqual({ ok: true, value: money(3999, 'EUR') });
    expect(readMoneyInput('39.99', 'EUR', 'de-DE')).toEqual({ ok: true, value: money(3999, 'EUR') });
    expect(readMoneyInput('18,50', 'EUR', 'de-DE')).toEqual({ ok: true, value: money(1850, 'EUR') });
    expect(readMoneyInput('18 €', 'EUR', 'de-DE')).toEqual({ ok: true, value: money(1800, 'EUR') });
    expect(readMoneyInput('£18', 'GBP', 'en-GB')).toEqual({ ok: true, value: money(1800, 'GBP') });
    expect(readMoneyInput('1.234,50 €', 'EUR', 'de-DE')).toEqual({ ok: true, value: money(123450, 'EUR') });
    expect(readMoneyInput('1 234,50 €', 'EUR', 'fr-FR')).toEqual({ ok: true, value: money(123450, 'EUR') });
  });

  it('a thousands separator of the locale followed by three digits is thousands where the currency cannot hold three decimals', () => {
    expect(readMoneyInput('1,234', 'USD', 'en-US')).toEqual({ ok: true, value: money(123400) });
    expect(readMoneyInput('1.234', 'EUR', 'de-DE')).toEqual({ ok: true, value: money(123400, 'EUR') });
    expect(readMoneyInput('1,234', 'JPY', 'ja-JP')).toEqual({ ok: true, value: money(1234, 'JPY') });
  });

  it('asks which amount when the text could be two: "1,234" of a three-decimal currency in en-US', () => {
    expect(readMoneyInput('1,234', 'KWD', 'en-US')).toEqual({
      ok: false,
      message: '“1,234” could be KWD\u00a01,234.000 or KWD\u00a01.234. Which one?',
      ambiguous: [money(1234000, 'KWD'), money(1234, 'KWD')],
    });
    expect(readMoneyInput('1.234', 'KWD', 'de-DE')).toMatchObject({ ok: false, ambiguous: [money(1234000, 'KWD'), money(1234, 'KWD')] });
    // Each answer written back in the locale's way reads as that amount alone.
    for (const value of [money(1234000, 'KWD'), money(1234, 'KWD')]) {
      for (const where of ['en-US', 'de-DE'])
        expect(readMoneyInput(moneyInputText(value, where), 'KWD', where)).toEqual({ ok: true, value });
    }
  });

  it('refuses, in words, the locale’s own decimal mark followed by more decimals than the currency has: never read as thousands', () => {
    expect(readMoneyInput('1.234', 'USD', 'en-US')).toEqual({ ok: false, message: 'An amount can have at most 2 decimals' });
    expect(readMoneyInput('1,234', 'EUR', 'de-DE')).toEqual({ ok: false, message: 'An amount can have at most 2 decimals' });
    expect(readMoneyInput('4.505', 'USD', 'en-US')).toEqual({ ok: false, message: 'An amount can have at most 2 decimals' });
    expect(readMoneyInput('19.5', 'JPY', 'en-US')).toEqual({ ok: false, message: 'JPY amounts have no decimals' });
    expect(readMoneyInput('39,99', 'JPY', 'de-DE')).toEqual({ ok: false, message: 'JPY amounts have no decimals' });
  });

  it('refuses what is no amount, a negative and another currency’s sign, in words', () => {
    expect(readMoneyInput('-2', 'USD', 'en-US')).toEqual({ ok: false, message: moneyInputMessages.negative });
    expect(readMoneyInput('−2 €', 'EUR', 'de-DE')).toEqual({ ok: false, message: moneyInputMessages.negative });
    expect(readMoneyInput('abc', 'USD', 'en-US')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
    expect(readMoneyInput('$', 'USD', 'en-US')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
    expect(readMoneyInput('1.2.3', 'USD', 'en-US')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
    expect(readMoneyInput('1e3', 'USD', 'en-US')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
    expect(readMoneyInput('18 50', 'USD', 'en-US')).toEqual({ ok: false, message: moneyInputMessages.notAmount });
    expect(readMoneyInput('£18', 'USD', 'en-US')).toEqual({ ok: false, message: 'Type the amount in USD' });
    expect(readMoneyInput('18 EUR', 'GBP', 'en-GB')).toEqual({ ok: false, message: 'Type the amount in GBP' });
  });

  it('writes an amount back into a field in the locale’s way, without separators', () => {
    expect(moneyInputText(money(123450, 'EUR'), 'de-DE')).toBe('1234,50');
    expect(moneyInputText(money(123450, 'USD'), 'en-US')).toBe('1234.50');
    expect(moneyInputText(money(1999, 'JPY'), 'fr-FR')).toBe('1999');
    expect(moneyInputText(null, 'de-DE')).toBe('');
  });

  it('reads in the seller’s locale (setMoneyLocale, set once by the browser) when none is named', () => {
    try {
      setMoneyLocale('de-DE');
      expect(readMoneyInput('1.234,50', 'EUR')).toEqual({ ok: true, value: money(123450, 'EUR') });
      expect(moneyInputText(money(1850, 'EUR'))).toBe('18,50');
    } finally {
      setMoneyLocale('en-US');
    }
    expect(readMoneyInput('1.234,50', 'EUR')).toEqual({ ok: true, value: money(123450, 'EUR') });
    expect(readMoneyInput('1,234', 'EUR')).toEqual({ ok: true, value: money(123400, 'EUR') });
  });
});
