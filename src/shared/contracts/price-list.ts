import { z } from 'zod';
import { CATEGORIES, QUICK_EDIT_CONDITIONS } from '../domain/catalog';
import { priceListCurrencies, priceListLimits } from '../domain/price-list';

/** The seller's own price list (issue 42): GET and PUT, one per seller. */
export const priceListRoutes = { priceList: '/api/price-list' } as const;
export const priceListPaths = priceListRoutes;

export const priceListMessages = {
  amount: 'A price is a whole number of cents above 0',
  percent: `A condition's percent is a whole number from ${priceListLimits.minPercent} to +${priceListLimits.maxPercent}`,
  categoryOnce: 'Each category once',
  conditionOnce: 'Each condition once',
} as const;

export const priceListRow = z.object({
  category: z.enum(CATEGORIES),
  amountMinor: z.number().int(priceListMessages.amount).min(1, priceListMessages.amount).max(priceListLimits.maxAmountMinor),
});

export const conditionAdjustment = z.object({
  condition: z.enum(QUICK_EDIT_CONDITIONS),
  percent: z
    .number()
    .int(priceListMessages.percent)
    .min(priceListLimits.minPercent, priceListMessages.percent)
    .max(priceListLimits.maxPercent, priceListMessages.percent),
});

export const priceListBody = z.object({
  currency: z.enum(priceListCurrencies),
  rows: z
    .array(priceListRow)
    .max(CATEGORIES.length)
    .refine((rows) => new Set(rows.map((r) => r.category)).size === rows.length, priceListMessages.categoryOnce),
  adjustments: z
    .array(conditionAdjustment)
    .max(QUICK_EDIT_CONDITIONS.length)
    .refine((rows) => new Set(rows.map((r) => r.condition)).size === rows.length, priceListMessages.conditionOnce),
});
export type PriceListBody = z.infer<typeof priceListBody>;

/** The list, and whether the seller has answered the offer after sign-up (saved a list, or skipped it). */
export const priceListResponse = priceListBody.extend({ answered: z.boolean() });
export type PriceListResponse = z.infer<typeof priceListResponse>;
