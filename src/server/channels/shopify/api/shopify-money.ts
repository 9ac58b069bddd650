/**
 * Money at Shopify's boundary: Shopify sends and takes decimal strings ("12.50", "1200.0", "1500" for yen); the app
 * keeps integer minor units with their ISO currency. The conversions are the app's one money module's; this file only
 * turns a refusal into Shopify's error.
 */
import { parseWireDecimal, toDecimalString, type Money } from '@shared/domain/money';

export type MinorMoney = Money;

export class ShopifyMoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShopifyMoneyError';
  }
}

/** "12.5" USD → 1250. Refuses what is not a plain decimal and digits finer than the currency's minor unit. */
export function parseShopifyMoney(amount: string, currency: string): MinorMoney {
  const parsed = parseWireDecimal(amount, currency);
  if (parsed) return parsed;
  if (!/^\s*-?\d+(\.\d+)?\s*$/.test(amount)) throw new ShopifyMoneyError(`Not a decimal amount: "${amount}"`);
  if (/\.\d*$/.test(amount.trim()) && parseWireDecimal(amount.replace(/\.\d*/, ''), currency))
    throw new ShopifyMoneyError(`${amount} ${currency} is finer than the currency's minor unit`);
  throw new ShopifyMoneyError(`${amount} ${currency} is too large`);
}

/** 1250 USD → "12.50" (Shopify's Money scalar: a decimal string without a currency symbol). */
export function toShopifyMoney(value: MinorMoney): string {
  if (!Number.isSafeInteger(value.amountMinor)) throw new ShopifyMoneyError(`${value.amountMinor} is not a whole number of minor units`);
  return toDecimalString(value);
}
