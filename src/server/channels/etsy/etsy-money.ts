import { defaultCurrency, divideRounded, minorDigits } from '@shared/domain/money';

/** Etsy's Money (amount over divisor, in currency_code) in minor units of that currency: one rounding, money.ts's. */
export function etsyMinor(value: { amount?: number; divisor?: number; currency_code?: string }): number {
  const digits = minorDigits(value.currency_code ?? defaultCurrency);
  return divideRounded((value.amount ?? 0) * 10 ** digits, value.divisor || 1);
}
