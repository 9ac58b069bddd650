/**
 * Money (decision 067): an integer number of the currency's minor units (cents; yen have none)
 * with its ISO 4217 code. Parsed from decimal text without floating point, rounded by one function (half away from
 * zero, as PostgreSQL's round(numeric) does), formatted with Intl.NumberFormat.
 */
export interface Money {
  /** A safe integer: 1999 is $19.99, 1999 is ¥1,999. */
  amountMinor: number;
  /** ISO 4217: USD, GBP, JPY. */
  currency: string;
}

/** The one currency the app assumes where a marketplace or an old row names none. */
export const defaultCurrency = 'USD';

const digitsCache = new Map<string, number>();

/** How many decimals the currency has: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** A currency code Intl knows (three letters); anything else is not one. */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    minorDigits(code);
    return true;
  } catch {
    return false;
  }
}

export function money(amountMinor: number, currency: string = defaultCurrency): Money {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`Money must be a whole number of minor units: ${amountMinor}`);
  return { amountMinor, currency };
}

/**
 * The one rounding: numerator / denominator (integers, denominator above 0) to a whole number, half away from zero.
 * Exact: integer remainder, no floating point fraction.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Cannot divide ${numerator} by ${denominator} exactly`);
  }
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  if (2 * Math.abs(remainder) >= denominator) return quotient + Math.sign(numerator);
  return quotient;
}

const decimalPattern = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/;

/**
 * Decimal text ("19.99", "-0.5", "1000") as Money, exactly; null when it is no amount or has more decimals than the
 * currency has (refused, never rounded).
 */
export function parseMoney(text: string, currency: string = defaultCurrency): Money | null {
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const [, minus, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return null;
  const digits = minorDigits(currency);
  if (fraction.length > digits) return null;
  const amountMinor = Number(`${whole || '0'}${fraction.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(amountMinor)) return null;
  return { amountMinor: minus && amountMinor !== 0 ? -amountMinor : amountMinor, currency };
}

/**
 * A marketplace's decimal amount ("12.50", "1200.0", "1500" for yen) as Money, exactly. A wire may write zeros past the
 * currency's minor unit ("12.500"); any other finer digit is refused (null), never rounded.
 */
export function parseWireDecimal(text: string, currency: string): Money | null {
  const match = /^\s*(-?\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const digits = minorDigits(currency);
  if (/[1-9]/.test(fraction.slice(digits))) return null;
  const kept = fraction.slice(0, digits);
  return parseMoney(kept ? `${whole}.${kept}` : whole, currency);
}

/**
 * A decimal number read off a wire or a form (19.99) as Money: its shortest decimal text, parsed exactly. Null when it
 * has more decimals than the currency (0.1 + 0.2 is 0.30000000000000004: not an amount anyone typed).
 */
export function moneyFromDecimal(value: number, currency: string = defaultCurrency): Money | null {
  if (!Number.isFinite(value)) return null;
  return parseMoney(String(value), currency);
}

/** "19.99", "-0.05", "1999" (yen): the exact decimal text, no grouping, no symbol. */
export function toDecimalString(value: Money): string {
  const digits = minorDigits(value.currency);
  const abs = String(Math.abs(value.amountMinor)).padStart(digits + 1, '0');
  const sign = value.amountMinor < 0 ? '-' : '';
  if (digits === 0) return `${sign}${abs}`;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** The amount as a decimal number (19.99), only for a marketplace that takes one (Etsy's listing price, decision 081). */
export const toDecimal = (value: Money): number => Number(toDecimalString(value));

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`Cannot combine ${a.currency} with ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountMinor - b.amountMinor, a.currency);
}

/** The total of amounts in one currency; zero in `currency` when there are none. */
export function sumMoney(values: readonly Money[], currency: string = values[0]?.currency ?? defaultCurrency): Money {
  return values.reduce((total, value) => addMoney(total, value), money(0, currency));
}

/** A rate (1.1, 0.1325, 0.8) as an exact fraction of integers, from its decimal text. */
function rateAsFraction(rate: number): { numerator: number; denominator: number } {
  if (!Number.isFinite(rate)) throw new RangeError(`Not a rate: ${rate}`);
  const text = String(Math.abs(rate));
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  // Exponent notation (1e-7, 1e21): keep nine decimals, which no fee schedule or percent goes beyond.
  if (!match) return { numerator: Math.round(rate * 1e9), denominator: 1e9 };
  const fraction = (match[2] ?? '').slice(0, 9);
  const denominator = 10 ** fraction.length;
  const numerator = Number(`${match[1]}${fraction}`) * Math.sign(rate);
  return { numerator, denominator };
}

/** The amount times a rate (a fee rate, 1 + a percent), rounded once to a whole minor unit. */
export function multiplyMoney(value: Money, rate: number): Money {
  const { numerator, denominator } = rateAsFraction(rate);
  return money(divideRounded(value.amountMinor * numerator, denominator), value.currency);
}

/** An amount someone else worked out as a decimal number (an AI's 34.499) in whole minor units, rounded once. */
export const roundToMoney = (value: number, currency: string = defaultCurrency): Money =>
  multiplyMoney(money(10 ** minorDigits(currency), currency), value);

/** The amount less a percent (20: a fifth off); a negative percent adds. Rounded once. */
export function percentOff(value: Money, percent: number): Money {
  const { numerator, denominator } = rateAsFraction(percent);
  return money(divideRounded(value.amountMinor * (100 * denominator - numerator), 100 * denominator), value.currency);
}

/** Negative, zero or positive, as Array.sort wants; amounts in one currency only. */
export function compareMoney(a: Money, b: Money): number {
  sameCurrency(a, b);
  return Math.sign(a.amountMinor - b.amountMinor);
}

/**
 * The locale amounts are written in when a caller names none (decision 102): the browser sets the signed-in seller's
 * once (en-GB, de-DE...); the server never does, so what it writes stays en-US.
 */
let displayLocale = 'en-US';
export function setMoneyLocale(locale: string): void {
  displayLocale = Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : 'en-US';
}
export const moneyLocale = () => displayLocale;

/** The currency's sign as the seller reads it before an amount they type: "$", "£", "€", "¥" (or its code). */
export function currencySymbol(currency: string, locale = displayLocale): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** "$19.99", "£12.50", "18,00 €" in the seller's locale (setMoneyLocale; a US seller's by default), exact from its decimal text. */
export function formatMoney(value: Money, locale = displayLocale): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: value.currency });
    // Intl formats decimal strings exactly (no binary fraction between the cents and the screen).
    return format.format(toDecimalString(value) as unknown as number);
  } catch {
    return `${toDecimalString(value)} ${value.currency}`;
  }
}

/**
 * A whole amount without its zero minor units, as in a rough example or an axis tick: "£12", "12 €", "$40"; an amount
 * with cents is written in full ("£12.50").
 */
export function formatWholeMoney(value: Money, locale = displayLocale): string {
  const digits = minorDigits(value.currency);
  if (value.amountMinor % 10 ** digits !== 0) return formatMoney(value, locale);
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: value.currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    return format.format(toDecimalString(value) as unknown as number);
  } catch {
    return formatMoney(value, locale);
  }
}
