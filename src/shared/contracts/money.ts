import { z } from 'zod';
import { isCurrency, minorDigits } from '../domain/money';

/**
 * Money on the wire (decision 081): `{ amountMinor, currency }`, a whole number of the currency's minor units (1999 is
 * $19.99, 1999 is ¥1,999) with its ISO 4217 code — the `Money` of `domain/money.ts`, never a decimal.
 */
export const moneySchema = z.object({
  amountMinor: z.number().int('An amount is a whole number of minor units'),
  currency: z.string().refine(isCurrency, 'A currency is an ISO 4217 code like USD'),
});

/** The most a seller types as one amount: a million in the currency's major units. */
const maxMajorUnits = 1_000_000;

/** An amount the seller sends (a shipping cost, a floor price): from 0 to a million, in whole minor units. */
export const moneyInputSchema = moneySchema.superRefine((value, ctx) => {
  if (!isCurrency(value.currency)) return;
  if (value.amountMinor < 0) ctx.addIssue({ code: 'custom', message: 'An amount cannot be negative', path: ['amountMinor'] });
  if (value.amountMinor > maxMajorUnits * 10 ** minorDigits(value.currency)) {
    ctx.addIssue({ code: 'custom', message: 'An amount is at most 1,000,000', path: ['amountMinor'] });
  }
});

export const moneyMessages = {
  /** An amount sent in another currency than the one it is added to (a sale's, an item's). */
  otherCurrency: (currency: string) => `This amount must be in ${currency}, the currency it is counted in.`,
  /** Etsy and Shopify price in the shop's currency (decision 106): an item counted in another is not listed there, never converted. */
  otherShopCurrency: (channel: string, shopCurrency: string, itemCurrency: string) =>
    `Your ${channel} shop prices in ${shopCurrency} and this item is counted in ${itemCurrency}: prices are never converted, so it cannot be listed there.`,
} as const;
