import { defaultCurrency, moneyFromDecimal, parseMoney, type Money } from './money';

/**
 * A price the seller types (Publish Settings, the publish form): dollars above 0 in whole cents. Refused, never
 * rounded: 0.001 was saved as 0 and 1/3 as 0.33 (issue 41). The browser and the server's contract ask the same.
 */
export const priceInputMessages = {
  notAboveZero: 'Price must be a number above 0',
  tooPrecise: 'Price can have at most 2 decimals',
} as const;

/** Whole cents: 19.99 and 0.07, not 0.001 nor 18.499; read by its decimal text (money.ts), never multiplied. */
export function hasWholeCents(value: number, currency: string = defaultCurrency): boolean {
  return moneyFromDecimal(value, currency) !== null;
}

/** The seller's typed amount ("19.99") in minor units, or null when it is no amount or finer than the currency. */
export function parsePriceInput(text: string, currency: string = defaultCurrency): Money | null {
  return parseMoney(text.trim().replace(/^\$/, ''), currency);
}

/** What is wrong with a typed price, or null: a number above 0 with at most 2 decimals. */
export function priceInputProblem(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return priceInputMessages.notAboveZero;
  if (!hasWholeCents(value)) return priceInputMessages.tooPrecise;
  return null;
}
