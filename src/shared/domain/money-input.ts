import { formatMoney, minorDigits, moneyLocale, parseMoney, toDecimalString, type Money } from './money';
import { decimalText, localDecimalText, normalizedTyping, readDecimalText, type TypedDecimal } from './typed-decimal';

/** What the seller reads about an amount they typed (decision 081). */
export const moneyInputMessages = {
  notAmount: 'Enter an amount like 4.50',
  negative: 'An amount cannot be negative',
  tooPrecise: (currency: string) => {
    const digits = minorDigits(currency);
    return digits === 0 ? `${currency} amounts have no decimals` : `An amount can have at most ${digits} decimals`;
  },
  otherCurrency: (currency: string) => `Type the amount in ${currency}`,
  /** The question when a text could be two amounts; the money field offers both to tap. */
  ambiguous: (typed: string, one: string, other: string) => `“${typed}” could be ${one} or ${other}. Which one?`,
} as const;

/**
 * An amount read, exactly; or refused in words. A refusal with `ambiguous` is a question: the text could be either
 * amount ("1,234" of a three-decimal currency in en-US), and the seller says which.
 */
export type MoneyInput = { ok: true; value: Money | null } | { ok: false; message: string; ambiguous?: readonly [Money, Money] };

/** The locales whose ways of writing a currency's sign are read: "$", "US$", "$US", "€", "¥", "￥"... and its code. */
const signLocales = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'ja-JP'];
const signsCache = new Map<string, string[]>();

function signsOf(currency: string, locale: string): string[] {
  const key = `${currency} ${locale}`;
  let signs = signsCache.get(key);
  if (!signs) {
    const found = new Set<string>();
    for (const where of [locale, ...signLocales]) {
      for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
        try {
          const parts = new Intl.NumberFormat(where, { style: 'currency', currency, currencyDisplay }).formatToParts(1);
          const sign = parts.find((part) => part.type === 'currency')?.value;
          if (sign) found.add(normalizedTyping(sign));
        } catch {
          // A locale or currency Intl does not know adds no sign.
        }
      }
    }
    // Longest first: "US$" before "$".
    signs = [...found].sort((a, b) => b.length - a.length);
    signsCache.set(key, signs);
  }
  return signs;
}

/** The text without the currency's sign or code before or after it ("£18", "18 €", "-$4", "USD 4"); null: another currency's. */
function withoutSign(typed: string, currency: string, locale: string): string | null {
  const sign = /^[-+] ?/.exec(typed)?.[0] ?? '';
  let rest = typed.slice(sign.length);
  const upper = rest.toUpperCase();
  if (upper.startsWith(currency)) rest = rest.slice(currency.length);
  else if (upper.endsWith(currency)) rest = rest.slice(0, -currency.length);
  else {
    const found = signsOf(currency, locale).find((s) => rest.startsWith(s) || rest.endsWith(s));
    if (found) rest = rest.startsWith(found) ? rest.slice(found.length) : rest.slice(0, -found.length);
  }
  rest = rest.trim();
  if (/\p{Sc}/u.test(rest) || /^[A-Za-z]{3} ?\d|\d ?[A-Za-z]{3}$/.test(rest)) return null;
  return `${sign}${rest}`;
}

const moneyOf = (value: TypedDecimal, currency: string): Money | null => parseMoney(decimalText({ ...value, negative: false }), currency);

/**
 * What the seller typed as an amount in `currency`, exactly (never rounded, never through a float), in their locale:
 * "4.50", "$4.50", "£1,234.56", "¥1,999", "18 €", and in de-DE "1.234,50" and "4,50"; a decimal comma
 * or point the locale does not use is read when the text cannot be read the locale's way ("39.99" in de-DE). Empty
 * is null. Refused in words: a negative, text finer than the currency, another currency's sign, text that is no
 * amount, and (as a question naming both) a text that could be two amounts.
 */
export function readMoneyInput(text: string, currency: string, locale: string = moneyLocale()): MoneyInput {
  const typed = normalizedTyping(text);
  if (!typed) return { ok: true, value: null };
  const bare = withoutSign(typed, currency, locale);
  if (bare === null) return { ok: false, message: moneyInputMessages.otherCurrency(currency) };
  const reading = readDecimalText(bare, locale);
  if (reading.kind !== 'number') return { ok: false, message: moneyInputMessages.notAmount };
  if (reading.value.negative) return { ok: false, message: moneyInputMessages.negative };
  const value = moneyOf(reading.value, currency);
  if (!value) {
    const tooPrecise = reading.value.fraction.length > minorDigits(currency);
    return { ok: false, message: tooPrecise ? moneyInputMessages.tooPrecise(currency) : moneyInputMessages.notAmount };
  }
  const other = reading.other && moneyOf(reading.other, currency);
  if (other && other.amountMinor !== value.amountMinor) {
    const message = moneyInputMessages.ambiguous(typed, formatMoney(value, locale), formatMoney(other, locale));
    return { ok: false, message, ambiguous: [value, other] };
  }
  return { ok: true, value };
}

/**
 * An amount as the seller types it back into a field, in their locale: "4.50", "4,50" (de-DE), "1999" (yen); no
 * thousands separator, so it reads back as this amount alone. Empty for none.
 */
export const moneyInputText = (value: Money | null, locale: string = moneyLocale()): string =>
  value === null ? '' : localDecimalText(toDecimalString(value), locale);
