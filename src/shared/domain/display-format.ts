import { moneyLocale } from './money';

/**
 * Dates and numbers on screen, in the signed-in seller's locale (the one amounts are written in, decision 102). The
 * screens speak English, so a date's words are English in the seller's country's order: "Nov 29" for a US seller,
 * "29 Nov" for a UK, German or French one; numbers take the locale's separators ("1,234.5", "1.234,5") like amounts.
 * The server never sets a locale: what it writes stays en-US.
 */
export function dateLocale(locale = moneyLocale()): string {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    const english = region ? `en-${region}` : 'en-US';
    return Intl.DateTimeFormat.supportedLocalesOf([english]).length ? english : 'en-US';
  } catch {
    return 'en-US';
  }
}

export interface DayStyle {
  /** "Sun 29 Nov" */
  weekday?: boolean;
  /** "29 Nov 2026" */
  year?: boolean;
  /** "29 Nov 2026, 14:05" */
  time?: boolean;
  /** The zone the day is read in; the browser's when absent. */
  timeZone?: string;
  month?: 'short' | 'long';
}

/** A day (an ISO date-time or a Date) as the seller reads it. */
export function formatDay(when: string | Date, style: DayStyle = {}, locale = moneyLocale()): string {
  const date = typeof when === 'string' ? new Date(when) : when;
  return new Intl.DateTimeFormat(dateLocale(locale), {
    day: 'numeric',
    month: style.month ?? 'short',
    ...(style.weekday ? { weekday: 'short' } : {}),
    ...(style.year ? { year: 'numeric' } : {}),
    ...(style.time ? { hour: 'numeric', minute: '2-digit' } : {}),
    ...(style.timeZone ? { timeZone: style.timeZone } : {}),
  }).format(date);
}

/** A month ("Nov 2026", "November 2026") as the seller reads it. */
export function formatMonth(
  when: string | Date,
  { month = 'short', timeZone }: { month?: 'short' | 'long'; timeZone?: string } = {},
  locale = moneyLocale(),
): string {
  const date = typeof when === 'string' ? new Date(when) : when;
  return new Intl.DateTimeFormat(dateLocale(locale), { month, year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** A count or a measure with the seller's separators: 1,234 / 1.234; `fractionDigits` fixes the decimals shown. */
export function formatNumber(value: number, fractionDigits = 0, locale = moneyLocale()): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value);
}
