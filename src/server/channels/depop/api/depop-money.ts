/**
 * Depop's amounts are decimal strings ("25.99") beside a currency (`price_currency`, an order's `currency`, a fee's
 * own): read into the app's Money (integer minor units, src/shared/domain/money.ts) exactly, and written back the same
 * way. Nothing here rounds: an amount with more decimals than its currency is not an amount.
 */
import { parseMoney, toDecimalString, type Money } from '@shared/domain/money';

/** A Depop amount as Money; null when the text is no amount of the currency (the caller says whose answer it was). */
export function moneyOfDepop(text: string, currency: string): Money | null {
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return null;
  try {
    return parseMoney(text, currency);
  } catch {
    // A currency Intl does not know.
    return null;
  }
}

/** Money as Depop takes it: "25.99", exact. */
export const depopDecimal = (value: Money): string => toDecimalString(value);
