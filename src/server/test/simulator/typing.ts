import fc from 'fast-check';
import { readMoneyInput } from '@shared/domain/money-input';

/** How a person types an amount: the locale's own way, the other decimal mark, a sign, whole, with thousands. */
export const typingStyles = ['locale', 'dot', 'comma', 'sign', 'whole', 'thousands', 'spaces'] as const;
export type TypingStyle = (typeof typingStyles)[number];

export interface TypedAmount {
  /** What the person means, in minor units. */
  meantMinor: number;
  style: TypingStyle;
}

/** An amount a person means (1.00 to 2,500.00, mostly under 100.00), and how they type it. */
export const typedAmountArb = (max = 250_000): fc.Arbitrary<TypedAmount> =>
  fc.record({
    meantMinor: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 100, max: 9_999 }) },
      { weight: 1, arbitrary: fc.integer({ min: 100, max: max }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 200 }).map((major) => major * 100) },
    ),
    style: fc.constantFrom(...typingStyles),
  });

const signs: Record<string, [string, string]> = { USD: ['$', ''], GBP: ['£', ''], EUR: ['', ' €'] };

/** The text the person types for `typed` in `locale`: "39.99", "39,99", "£39.99", "39,99 €", "1.234,50", "40". */
export function typedText({ meantMinor, style }: TypedAmount, currency: string, locale: string): string {
  const major = Math.floor(meantMinor / 100);
  const cents = String(meantMinor % 100).padStart(2, '0');
  const commaLocale = locale.startsWith('de');
  const mark = style === 'dot' ? '.' : style === 'comma' ? ',' : commaLocale ? ',' : '.';
  if (style === 'whole' && meantMinor % 100 === 0) return String(major);
  if (style === 'thousands' && major >= 1000) {
    const group = commaLocale ? '.' : ',';
    const grouped = String(major).replace(/\B(?=(\d{3})+(?!\d))/g, group);
    return `${grouped}${commaLocale ? ',' : '.'}${cents}`;
  }
  const bare = `${major}${mark}${cents}`;
  if (style === 'sign') {
    const [before, after] = signs[currency] ?? ['', ` ${currency}`];
    return `${before}${bare}${after}`;
  }
  if (style === 'spaces') return `  ${bare} `;
  return bare;
}

/**
 * What the money field does with the text (the one reader of typed amounts, readMoneyInput): an amount, or a refusal
 * in words; a question naming two amounts is answered with the one the person meant, if it is one of them.
 */
export function readTyped(
  typed: TypedAmount,
  currency: string,
  locale: string,
): { text: string; minor: number | null; refusal: string | null; asked: boolean } {
  const text = typedText(typed, currency, locale);
  const read = readMoneyInput(text, currency, locale);
  if (read.ok) return { text, minor: read.value?.amountMinor ?? null, refusal: null, asked: false };
  if (read.ambiguous) {
    const chosen = read.ambiguous.find((option) => option.amountMinor === typed.meantMinor);
    return { text, minor: chosen ? chosen.amountMinor : null, refusal: chosen ? null : read.message, asked: true };
  }
  return { text, minor: null, refusal: read.message, asked: false };
}
