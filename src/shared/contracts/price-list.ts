import { z } from 'zod';
import { CATEGORIES, QUICK_EDIT_CONDITIONS } from '../domain/catalog';
import { priceListCurrencies, priceListLimits } from '../domain/price-list';
import { route } from './route-table';

/** The seller's own price list: GET and PUT, one per seller. */
export const priceListRoutes = { priceList: '/api/price-list' } as const;
export const priceListPaths = priceListRoutes;

export const priceListMessages = {
  amount: 'A price is a whole number of cents above 0',
  percent: `A condition's percent is a whole number from ${priceListLimits.minPercent} to +${priceListLimits.maxPercent}`,
  categoryOnce: 'Each category once',
  conditionOnce: 'Each condition once',
  otherCurrency: (sent: string, seller: string) =>
    `Your prices are in ${seller}, the currency of where you sell from: a price list in ${sent} is not saved. Type your prices in ${seller}.`,
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

/**
 * The list, whether the seller has answered the offer after sign-up (saved a list, or skipped it), and the seller's
 * currency now: a list saved in another (the seller changed country) is kept as it is, prices nothing, and is shown
 * in its own currency until the seller saves one in theirs (decision 126).
 */
export const priceListResponse = priceListBody.extend({ answered: z.boolean(), sellerCurrency: z.enum(priceListCurrencies) });
export type PriceListResponse = z.infer<typeof priceListResponse>;

/** The price list's routes. */
export const priceListApi = {
  priceList: route.get(priceListRoutes.priceList, {
    summary: "The seller's own price list, by category and condition",
    response: { 200: priceListResponse },
  }),
  save: route.put(priceListRoutes.priceList, {
    summary: "Saves the seller's price list (an empty one answers the offer after sign-up)",
    body: priceListBody,
    rechecksWaiting: true,
    response: { 200: priceListResponse },
  }),
};
