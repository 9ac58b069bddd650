import { minorDigits } from './money';
import { moneyInputMessages, readMoneyInput, type MoneyInput } from './money-input';

/**
 * A price the seller types (Publish Settings, the publish form, Quick Fix, the live listing): above 0, in whole minor
 * units of the item's currency. Refused, never rounded: 0.001 was saved as 0 and 1/3 as 0.33. The
 * browser reads it here; the server's contract takes the `{ amountMinor, currency }` it gives (decision 081).
 */
export const priceInputMessages = {
  notAboveZero: 'Price must be a number above 0',
  tooPrecise: 'Price can have at most 2 decimals',
} as const;

export type PriceInput = MoneyInput;

/**
 * What the seller typed as a price in `currency`, exactly (`readMoneyInput`, in their locale: "19.99", "$19.99",
 * "19,99"): empty is null; 0, a negative or text that is no amount is "above 0"; finer than the currency is "at most
 * 2 decimals" (JPY: no decimals); another currency's sign, and a text that could be two prices, as `readMoneyInput`
 * says them.
 */
export function readPriceInput(text: string, currency: string, locale?: string): PriceInput {
  const typed = readMoneyInput(text, currency, locale);
  if (typed.ok) {
    if (typed.value && typed.value.amountMinor <= 0) return { ok: false, message: priceInputMessages.notAboveZero };
    return typed;
  }
  if (typed.ambiguous || typed.message === moneyInputMessages.otherCurrency(currency)) return typed;
  if (typed.message !== moneyInputMessages.tooPrecise(currency)) return { ok: false, message: priceInputMessages.notAboveZero };
  return { ok: false, message: minorDigits(currency) === 2 ? priceInputMessages.tooPrecise : typed.message };
}
