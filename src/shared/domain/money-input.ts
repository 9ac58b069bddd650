import { minorDigits, parseMoney, toDecimalString, type Money } from './money';

/** What the seller reads about an amount they typed (decision 081). */
export const moneyInputMessages = {
  notAmount: 'Enter an amount like 4.50',
  negative: 'An amount cannot be negative',
  tooPrecise: (currency: string) => {
    const digits = minorDigits(currency);
    return digits === 0 ? `${currency} amounts have no decimals` : `An amount can have at most ${digits} decimals`;
  },
} as const;

export type MoneyInput = { ok: true; value: Money | null } | { ok: false; message: string };

/** "1,234.56" with a comma only between thousands; "4,50" is a decimal comma. */
const groupedThousands = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * What the seller typed as an amount in `currency`, exactly (never rounded, never through a float): "4.50", "$4.50",
 * "£1,234.56", "¥1,999", "4,50" (a decimal comma). Empty is null; text finer than the currency is refused with a
 * clear message, as is a negative amount or text that is no amount.
 */
export function readMoneyInput(text: string, currency: string): MoneyInput {
  const bare = text
    .replace(/[A-Z]{0,3}\p{Sc}/gu, '')
    .replace(new RegExp(`\\b${currency}\\b`, 'i'), '')
    .replace(/[\s\u00a0\u202f]/g, '');
  if (!bare) return text.trim() ? { ok: false, message: moneyInputMessages.notAmount } : { ok: true, value: null };
  if (!/^-?[\d.,]+$/.test(bare)) return { ok: false, message: moneyInputMessages.notAmount };
  const decimal = groupedThousands.test(bare) ? bare.replace(/,/g, '') : bare.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(decimal)) return { ok: false, message: moneyInputMessages.notAmount };
  if (decimal.startsWith('-')) return { ok: false, message: moneyInputMessages.negative };
  const value = parseMoney(decimal, currency);
  if (value) return { ok: true, value };
  const fraction = decimal.split('.')[1] ?? '';
  if (fraction.length > minorDigits(currency)) return { ok: false, message: moneyInputMessages.tooPrecise(currency) };
  return { ok: false, message: moneyInputMessages.notAmount };
}

/** An amount as the seller types it back into a field: "4.50", "1999" (yen); empty for none. */
export const moneyInputText = (value: Money | null): string => (value === null ? '' : toDecimalString(value));
