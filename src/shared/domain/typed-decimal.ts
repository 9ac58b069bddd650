import { moneyLocale } from './money';

/**
 * A number as a person types it: in their locale's way first ("1.234,50" in de-DE), and in
 * the other way of writing numbers when theirs cannot read the text ("39.99" in de-DE, "39,99" in en-US). Digits
 * only: never through a float.
 */
export interface TypedDecimal {
  negative: boolean;
  /** The digits before the decimal mark, without thousands separators ("" in ".5"). */
  whole: string;
  /** The digits after it ("" when none). */
  fraction: string;
}

export type DecimalReading =
  | { kind: 'empty' }
  | { kind: 'not-number' }
  /**
   * `other`: what the text says when its only mark, a thousands separator to the locale ("1,234" in en-US), is the
   * other way's decimal mark (1.234). The locale's own decimal mark is never read as a separator.
   */
  | { kind: 'number'; value: TypedDecimal; other: TypedDecimal | null };

type Mark = '.' | ',';

const marks = new Map<string, Mark>();

/** The locale's decimal mark, as one of the two people type: "," in de-DE and fr-FR, "." in en-US and ja-JP. */
export function decimalMarkOf(locale: string): Mark {
  let mark = marks.get(locale);
  if (!mark) {
    let decimal = '.';
    try {
      decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    } catch {
      // An unknown locale reads as en-US does.
    }
    mark = decimal === ',' ? ',' : '.';
    marks.set(locale, mark);
  }
  return mark;
}

const otherMark = (mark: Mark): Mark => (mark === '.' ? ',' : '.');

/** Spaces of every width (fr-FR groups with U+202F), apostrophes (de-CH) and the minus sign as one character each. */
export const normalizedTyping = (text: string): string =>
  text
    .replace(/\s+/gu, ' ')
    .replace(/[’']/g, "'")
    .replace(/\u2212/g, '-')
    .trim();

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The whole part's digits: plain ("1234"), or in groups of three after a first of one to three that is not 0, one
 * separator throughout: the other mark, a space or an apostrophe. Null when it is neither.
 */
function wholeDigits(text: string, separators: readonly string[]): { digits: string; separator: string | null } | null {
  if (/^\d*$/.test(text)) return { digits: text, separator: null };
  for (const separator of separators) {
    if (new RegExp(`^[1-9]\\d{0,2}(?:${escaped(separator)}\\d{3})+$`).test(text)) {
      return { digits: text.split(separator).join(''), separator };
    }
  }
  return null;
}

/** The text read with `mark` as its decimal mark; null when it is no number written that way. */
function readWith(body: string, mark: Mark) {
  const parts = body.split(mark);
  if (parts.length > 2) return null;
  const [int = '', fraction = ''] = parts;
  if (!/^\d*$/.test(fraction)) return null;
  const whole = wholeDigits(int, [otherMark(mark), ' ', "'"]);
  if (!whole || (!whole.digits && !fraction)) return null;
  return { whole: whole.digits, fraction, separator: whole.separator, hasMark: parts.length === 2 };
}

/** What a typed number says in `locale` (see DecimalReading). */
export function readDecimalText(text: string, locale: string): DecimalReading {
  const typed = normalizedTyping(text);
  if (!typed) return { kind: 'empty' };
  const sign = /^([-+]) ?/.exec(typed);
  const negative = sign?.[1] === '-';
  const body = typed.slice(sign?.[0].length ?? 0);
  const mine = decimalMarkOf(locale);
  const theirs = otherMark(mine);
  const local = readWith(body, mine);
  if (local) {
    const other = local.separator === theirs && !local.hasMark ? readWith(body, theirs) : null;
    return {
      kind: 'number',
      value: { negative, whole: local.whole, fraction: local.fraction },
      other: other && { negative, whole: other.whole, fraction: other.fraction },
    };
  }
  const foreign = readWith(body, theirs);
  if (foreign) return { kind: 'number', value: { negative, whole: foreign.whole, fraction: foreign.fraction }, other: null };
  return { kind: 'not-number' };
}

/** "-12.5": a typed number as plain decimal text, for Number() or parseMoney. */
export const decimalText = (value: TypedDecimal): string =>
  `${value.negative ? '-' : ''}${value.whole || '0'}${value.fraction ? `.${value.fraction}` : ''}`;

/** Plain decimal text ("19.99", "-12.5") as the seller writes it back into a field in `locale`: "19,99" in de-DE. */
export const localDecimalText = (decimal: string, locale: string = moneyLocale()): string =>
  decimalMarkOf(locale) === ',' ? decimal.replace('.', ',') : decimal;

export type NumberInput = { ok: true; value: string | null } | { ok: false };

/**
 * A plain number the seller types (a percent, not an amount): read as amounts are, in their locale ("12,5" in
 * de-DE), as plain decimal text ("12.5"); null when empty. Refused when it is no number, has more than `maxDecimals`
 * decimals, or could be two numbers; a trailing "%" is allowed.
 */
export function readNumberInput(text: string, maxDecimals: number, locale: string = moneyLocale()): NumberInput {
  const reading = readDecimalText(text.trim().replace(/ ?%$/, ''), locale);
  if (reading.kind === 'empty') return { ok: true, value: null };
  if (reading.kind === 'not-number' || reading.value.fraction.length > maxDecimals) return { ok: false };
  const value = decimalText(reading.value);
  if (reading.other && reading.other.fraction.length <= maxDecimals && Number(decimalText(reading.other)) !== Number(value)) {
    return { ok: false };
  }
  return { ok: true, value };
}

export type WholeNumberInput = { kind: 'empty' } | { kind: 'whole'; value: number } | { kind: 'refused' };

/**
 * A whole number the seller types (a percent off, a condition's percent), read as readNumberInput reads it, in their
 * locale ("-20", "−20 %", "20,0" in de-DE). Refused when it is no number or has a fraction ("12,5"): the caller says
 * so on that field.
 */
export function readWholeNumberInput(text: string, locale: string = moneyLocale()): WholeNumberInput {
  const typed = readNumberInput(text.replace(/^\+/, ''), 2, locale);
  if (!typed.ok) return { kind: 'refused' };
  if (typed.value === null) return { kind: 'empty' };
  const value = Number(typed.value);
  return Number.isSafeInteger(value) ? { kind: 'whole', value: value === 0 ? 0 : value } : { kind: 'refused' };
}
