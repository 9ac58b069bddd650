import { z } from 'zod';
import { parseTimeZone, timeZoneMessage } from '../domain/time-zone';
import { moneyInputSchema, moneySchema } from './money';
import { itemIdParams } from './items';
import { text } from './text';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/** Route patterns (server) of the seller's sales figures. */
export const profitRoutes = {
  months: '/api/profit',
  csv: '/api/profit.csv',
  item: '/api/items/:id/profit',
  sale: '/api/sales/:id',
} as const;

/** Concrete URLs (browser); `timeZone` groups sales by the seller's own months. */
export const profitPaths = {
  ...pathsOf(profitRoutes),
  csv: (timeZone: string) => `${profitRoutes.csv}?${new URLSearchParams({ tz: timeZone })}`,
} as const;

export const profitQuery = z.object({
  /** The seller's time zone, an IANA name or an offset like +05:30: a sale belongs to the month it was made in there. */
  tz: text()
    .default('UTC')
    .transform((text, ctx) => {
      const zone = parseTimeZone(text);
      if (zone) return zone;
      ctx.addIssue({ code: 'custom', message: timeZoneMessage });
      return z.NEVER;
    }),
});

/** One month of sold items in one currency (cancelled sales left out); each sale's profit is profit.ts's `saleProfit`. */
export const profitMonth = z.object({
  /** YYYY-MM in the seller's time zone. */
  month: z.string(),
  currency: z.string(),
  /** Units sold, and the sales (order lines) they came in. */
  sold: z.number().int(),
  sales: z.number().int(),
  /** Price and shipping the buyers paid, in the month's `currency` (as every amount of the month). */
  revenue: moneySchema,
  /**
   * The fees counted (the marketplace's, or the estimate while they are not in), the shipping costs counted (the
   * seller's, or their usual one) and the known costs; a sale whose fees cannot be estimated or whose cost is missing
   * adds nothing there and is counted below.
   */
  fees: moneySchema,
  shippingCost: moneySchema,
  cost: moneySchema,
  /** The sum of the sales' known profits (`sales - unknownProfit` of them), estimated ones included. */
  profit: moneySchema,
  /** Sales whose profit is left out: fees not known and no schedule to estimate them, or cost missing. */
  unknownProfit: z.number().int(),
  /** Sales left out for their fees: the marketplace's not in, and no fee schedule to estimate them with. */
  feesUnknown: z.number().int(),
  /** Sales of items with no cost entered (or deleted): flagged, never counted as free. */
  costMissing: z.number().int(),
  /** Sales whose fees counted are the estimate (the marketplace's not in yet). */
  feesEstimated: z.number().int(),
  /** Sales with no shipping cost entered: the seller's usual one counted, else the shipping the buyer paid (decision 182). */
  shippingCostEstimated: z.number().int(),
  /** Sales whose known profit counts an estimate (fees or shipping cost). */
  profitEstimated: z.number().int(),
  /** Sales of items sold twice (decision 083: the last unit sold on two channels): both counted until one is cancelled. */
  soldTwice: z.number().int(),
  /** Average days from listed to sold, of the sales whose listing date is known; null when none is. */
  averageDaysToSell: z.number().nullable(),
});
export type ProfitMonth = z.infer<typeof profitMonth>;

export const profitResponse = z.object({ timeZone: z.string(), months: z.array(profitMonth) });
export type ProfitResponse = z.infer<typeof profitResponse>;

/** Where a fees estimate comes from: the seller's own recent sales on the channel, or its published schedule. */
export const feesEstimateBasis = z.enum(['own-sales', 'published']);
export type FeesEstimateBasis = z.infer<typeof feesEstimateBasis>;

/**
 * One sale of an item with its figures: the actual ones (null while not in) and, beside them, the estimates the profit
 * counts in their place (decision 127). `profit` is null only without a cost, or without fees and a schedule.
 */
export const saleFigures = z.object({
  id: z.uuid(),
  channel: z.string(),
  orderId: z.string(),
  soldAt: z.string(),
  quantity: z.number().int(),
  /** Every amount in the sale's `currency`. */
  price: moneySchema,
  shippingCharged: moneySchema,
  /** The marketplace's fees; null while they are not in. */
  fees: moneySchema.nullable(),
  /** The fees the channel's schedule gives (what the plan counted); null when no schedule is known. */
  feesEstimate: moneySchema.nullable(),
  feesEstimateBasis: feesEstimateBasis.nullable(),
  /** The profit counts `feesEstimate` (the marketplace's fees are not in). */
  feesEstimated: z.boolean(),
  /** What the seller paid to send it; null when not entered. */
  shippingCost: moneySchema.nullable(),
  /**
   * The shipping cost the profit counts when none is entered (decision 182): the seller's usual one (their profit floor
   * settings), else, with none set in this currency, the shipping the buyer paid (`shippingCostEstimateBasis`).
   */
  shippingCostEstimate: moneySchema.nullable(),
  shippingCostEstimateBasis: z.enum(['usual', 'buyer-paid']),
  /** The profit counts `shippingCostEstimate`: no shipping cost entered. */
  shippingCostEstimated: z.boolean(),
  currency: z.string(),
  /** Set when the sale was cancelled: it counts for nothing. */
  cancelledAt: z.string().nullable(),
  profit: moneySchema.nullable(),
  /** The profit counts an estimate. */
  profitEstimated: z.boolean(),
});
export type SaleFigures = z.infer<typeof saleFigures>;

export const itemProfitResponse = z.object({
  /** What one of the item cost the seller; null when not entered. */
  cost: moneySchema.nullable(),
  /** Newest first. */
  sales: z.array(saleFigures),
});
export type ItemProfitResponse = z.infer<typeof itemProfitResponse>;

export const saleIdParams = z.object({ id: z.uuid() });
export const updateSaleBody = z.object({
  /** What the seller paid to send the sale, in the sale's currency (another is a 400); null clears it. */
  shippingCost: moneyInputSchema.nullable(),
});

/** The CSV export's columns, in order (one row a month and currency, as the Profit view's table). */
export const profitCsvColumns = [
  'Month',
  'Currency',
  'Sold',
  'Sales',
  'Revenue',
  'Fees',
  'Shipping cost',
  'Cost',
  'Profit',
  'Sales without profit',
  'Fees not known',
  'Without cost',
  'Fees estimated',
  'Shipping cost estimated',
  'Profit on estimates',
  'Average days to sell',
] as const;

/**
 * The CSV export's columns of its second table: one row a sale (cancelled ones left out), newest first. Fees and
 * Shipping cost are the figures the profit counts; Estimated names those of them that are estimates.
 */
export const profitCsvSaleColumns = [
  'Date',
  'SKU',
  'Title',
  'Channel',
  'Order',
  'Quantity',
  'Currency',
  'Price',
  'Shipping charged',
  'Fees',
  'Shipping cost',
  'Cost',
  'Profit',
  'Estimated',
] as const;

/** The seller's profit routes: by month (JSON and CSV), per item, and the shipping cost of a sale. */
export const profitApi = {
  months: route.get(profitRoutes.months, {
    summary: 'Sold items by month: revenue, fees, cost, profit, number sold, average days to sell',
    querystring: profitQuery,
    response: { 200: profitResponse },
  }),
  csv: route.get(profitRoutes.csv, {
    summary: 'The profit by month as a CSV file',
    querystring: profitQuery,
    response: { 200: z.string() },
  }),
  item: route.get(profitRoutes.item, {
    summary: 'The item’s sales with their profit',
    params: itemIdParams,
    response: { 200: itemProfitResponse },
  }),
  shippingCost: route.patch(profitRoutes.sale, {
    summary: 'What the seller paid to send a sale',
    params: saleIdParams,
    body: updateSaleBody,
    response: { 200: saleFigures },
  }),
};
