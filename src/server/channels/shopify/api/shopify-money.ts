/**
 * Money at the client's boundary: Shopify sends and takes decimal strings ("12.50", "1200.0", "1500" for yen); the
 * app keeps integer minor units with their ISO currency. Parsed digit by digit, never through a float.
 */
export interface MinorMoney {
  /** Integer minor units (cents for USD, yen for JPY). */
  amountMinor: number;
  currency: string;
}

/** How many minor-unit digits a currency has (ISO 4217, as Intl knows it: USD 2, JPY 0, KWD 3). */
export function minorDigitsOf(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export class ShopifyMoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShopifyMoneyError';
  }
}

/** "12.5" USD → 1250. Refuses what is not a plain decimal and digits finer than the currency's minor unit. */
export function parseShopifyMoney(amount: string, currency: string): MinorMoney {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new ShopifyMoneyError(`Not a decimal amount: "${amount}"`);
  const [, sign, whole, fraction = ''] = match;
  const digits = minorDigitsOf(currency);
  const extra = fraction.slice(digits);
  if (/[1-9]/.test(extra)) throw new ShopifyMoneyError(`${amount} ${currency} is finer than the currency's minor unit`);
  const minorText = `${whole}${fraction.slice(0, digits).padEnd(digits, '0')}`;
  const amountMinor = Number(minorText);
  if (!Number.isSafeInteger(amountMinor)) throw new ShopifyMoneyError(`${amount} ${currency} is too large`);
  return { amountMinor: sign && amountMinor !== 0 ? -amountMinor : amountMinor, currency };
}

/** 1250 USD → "12.50" (Shopify's Money scalar: a decimal string without a currency symbol). */
export function toShopifyMoney(money: MinorMoney): string {
  if (!Number.isSafeInteger(money.amountMinor)) throw new ShopifyMoneyError(`${money.amountMinor} is not a whole number of minor units`);
  const digits = minorDigitsOf(money.currency);
  const sign = money.amountMinor < 0 ? '-' : '';
  const text = String(Math.abs(money.amountMinor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
