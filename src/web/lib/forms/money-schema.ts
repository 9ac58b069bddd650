import { z } from 'zod';
import { moneyLocale, type Money } from '@shared/domain/money';
import { readMoneyInput } from '@shared/domain/money-input';

export interface TypedAmountOptions {
  /** Said when the field is left empty; without it an empty field reads as null. */
  required?: string;
  /** The locale the seller types in (default: theirs, `moneyLocale()`). */
  locale?: string;
}

/**
 * A form's money field for a zod resolver: the text the seller typed, read in their locale as the one money field
 * reads it, into a Money (or null when empty and allowed). A text read two ways, or not an amount, is refused with
 * the money field's own words, so a form never saves an amount the seller did not mean.
 */
export function typedAmount(currency: string, options: { required: string; locale?: string }): z.ZodType<Money, string>;
export function typedAmount(currency: string, options?: { locale?: string }): z.ZodType<Money | null, string>;
export function typedAmount(currency: string, options: TypedAmountOptions = {}): z.ZodType<Money | null, string> {
  return z.string().transform((text, ctx) => {
    const read = readMoneyInput(text, currency, options.locale ?? moneyLocale());
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    }
    if (!read.value && options.required) {
      ctx.addIssue({ code: 'custom', message: options.required });
      return z.NEVER;
    }
    return read.value;
  });
}
