import { z } from 'zod';
import { channels } from '../domain/channel-listing';
import { moneySchema } from './money';
import { importIdParams } from './past-sales-imports';
import { route } from './route-table';
import { text } from './text';

/**
 * The "What sells" screen (decision 149): the seller's listed and sold items grouped by one dimension, with
 * what each group earned per item, per hour of the seller's time and per day of money tied up, and how fast it sold.
 * Money is `{ amountMinor, currency }`; a group is in one currency.
 */
export const whatSellsRoutes = {
  groups: '/api/what-sells',
  csv: '/api/what-sells.csv',
  sellerTime: '/api/what-sells/seller-time',
  pastSales: '/api/what-sells/past-sales',
  pastSalesFile: '/api/what-sells/past-sales/files/:id',
  withoutCost: '/api/what-sells/without-cost',
} as const;

export const whatSellsDimensions = ['brand', 'category', 'size', 'source', 'marketplace', 'price-band'] as const;
export type WhatSellsDimension = (typeof whatSellsDimensions)[number];

export const whatSellsQuery = z.object({ by: z.enum(whatSellsDimensions).default('brand') });

/** Sold within N days of going live, of the items live at least N days ago; null: none was live that long. */
export const sellThroughSchema = z.object({
  within30: z.number().min(0).max(1).nullable(),
  within60: z.number().min(0).max(1).nullable(),
  within90: z.number().min(0).max(1).nullable(),
});

export const whatSellsGroupSchema = z.object({
  /** The group's value as the seller wrote it ("Levi's", "Goodwill"); null: not given ("No brand"). */
  value: z.string().nullable(),
  /** The value in words, as the screen and the CSV show it ("Under $10.00", "No source"). */
  label: z.string(),
  currency: z.string(),
  /** Items listed or sold. */
  items: z.number().int(),
  sold: z.number().int(),
  sellThrough: sellThroughSchema,
  /** Median days from live to sold, of the sold; null: none sold after going live. */
  medianDaysToSale: z.number().nullable(),
  /** Profit of the sold items whose profit is known (profit.ts, the profit view's figure), in total and per item. */
  profit: moneySchema,
  profitPerItem: moneySchema.nullable(),
  /** Profit per hour of the seller's time over every item of the group (sold or not); null: no time counted. */
  profitPerHour: moneySchema.nullable(),
  /** Profit per day the items' cost was tied up (bought to sold, or to today when unsold); null: none known. */
  profitPerDayTiedUp: moneySchema.nullable(),
  /** The seller's minutes over the group's items (capture, review, hand-overs, shipping). */
  minutes: z.number(),
  /** Sold items whose profit is not known (no cost entered): left out of the profit, never counted as free. */
  profitUnknown: z.number().int(),
  /** Sold items whose profit counts an estimate (fees pending, or the usual shipping cost). */
  profitEstimated: z.number().int(),
});
export type WhatSellsGroup = z.infer<typeof whatSellsGroupSchema>;

export const sellerTimeParts = ['capture', 'review', 'handOver', 'shipping'] as const;
export type SellerTimePart = (typeof sellerTimeParts)[number];

/** Minutes per item for each part of the work: the seller's own where set, else the app's estimate. */
export const sellerTimeSchema = z.object({
  parts: z.array(
    z.object({
      part: z.enum(sellerTimeParts),
      label: z.string(),
      /** The minutes counted: the seller's, else the estimate. */
      minutes: z.number(),
      /** The app's estimate and what it rests on, in words. */
      estimate: z.number(),
      basis: z.string(),
      /** The seller's own minutes; null: the estimate counts. */
      own: z.number().nullable(),
    }),
  ),
});
export type SellerTime = z.infer<typeof sellerTimeSchema>;

const minutesField = z.number().min(0, 'Minutes cannot be negative.').max(600, 'At most 600 minutes.').nullable();

export const sellerTimeBody = z.object({
  capture: minutesField,
  review: minutesField,
  handOver: minutesField,
  shipping: minutesField,
});
export type SellerTimeBody = z.infer<typeof sellerTimeBody>;

export const whatSellsResponse = z.object({
  by: z.enum(whatSellsDimensions),
  /** Best first: profit per hour, then profit per item, then sold. */
  groups: z.array(whatSellsGroupSchema),
  sellerTime: sellerTimeSchema,
});
export type WhatSellsResponse = z.infer<typeof whatSellsResponse>;

export const whatSellsCsvColumns = [
  'Group',
  'Value',
  'Currency',
  'Items',
  'Sold',
  'Sold within 30 days',
  'Sold within 60 days',
  'Sold within 90 days',
  'Median days to sale',
  'Profit',
  'Profit per item',
  'Profit per hour',
  'Profit per day tied up',
  'Minutes',
  'Profit unknown',
] as const;

/** A spreadsheet of past sales, as CSV text, and the seller's locale its amounts are written in ("4,50" in de-DE). */
export const pastSalesBody = z.object({
  csv: text().min(1, 'Choose a CSV file of your past sales.').max(5_000_000, 'The file is over 5 MB: split it in two.'),
  locale: text().max(35).default('en-US'),
});

export const pastSalesProblemSchema = z.object({ line: z.number().int(), message: z.string() });
export type PastSalesProblem = z.infer<typeof pastSalesProblemSchema>;

/**
 * A spreadsheet too long for one request, written by a job a batch at a time: how far it got (`done` of `rows`), the
 * sales written and the rows imported before; why it stopped when it failed.
 */
export const pastSalesFileImportSchema = z.object({
  id: z.string(),
  status: z.enum(['writing', 'done', 'failed']),
  rows: z.number().int(),
  done: z.number().int(),
  imported: z.number().int(),
  alreadyImported: z.number().int(),
  error: z.string().nullable(),
});
export type PastSalesFileImport = z.infer<typeof pastSalesFileImportSchema>;
export const pastSalesFileResponse = z.object({ import: pastSalesFileImportSchema });

/**
 * Imported: each row once (a row imported before is skipped); or nothing, with each problem by its line. A file of
 * more than one batch is checked whole here, then written by a job: `import` is that job's progress (the counts
 * follow it there).
 */
export const pastSalesResponse = z.object({
  imported: z.number().int(),
  alreadyImported: z.number().int(),
  problems: z.array(pastSalesProblemSchema),
  import: pastSalesFileImportSchema.optional(),
});
export type PastSalesResponse = z.infer<typeof pastSalesResponse>;

/** A page of the sold items with no cost (decision 155): 50 by default, at most 200. */
export const soldWithoutCostQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type SoldWithoutCostQuery = z.infer<typeof soldWithoutCostQuery>;

/** A sold item whose cost the seller has not said (an imported past sale, most often): its latest standing sale. */
export const soldWithoutCostItemSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  /** The item's title; null: none written (the SKU names it). */
  title: z.string().nullable(),
  /** The marketplace of its latest sale. */
  channel: z.enum(channels),
  /** When that sale was made (ISO 8601). */
  soldAt: z.string(),
  /** What that sale's line sold for, in the sale's currency. */
  price: moneySchema,
  brand: z.string().nullable(),
  category: z.string().nullable(),
  source: z.string().nullable(),
});
export type SoldWithoutCostItem = z.infer<typeof soldWithoutCostItemSchema>;

/** The seller's sold items with no cost, the latest sale first; `total`: all of them, not only this page. */
export const soldWithoutCostResponse = z.object({
  total: z.number().int(),
  items: z.array(soldWithoutCostItemSchema),
});
export type SoldWithoutCostResponse = z.infer<typeof soldWithoutCostResponse>;

/** "What sells" routes (decision 149): the groups, as JSON and CSV, the seller's minutes per item, the spreadsheet of past sales. */
export const whatSellsApi = {
  groups: route.get(whatSellsRoutes.groups, {
    summary: 'Listed and sold items by brand, category, size, source, marketplace or price band: profit per hour, days to sale',
    querystring: whatSellsQuery,
    response: { 200: whatSellsResponse },
  }),
  csv: route.get(whatSellsRoutes.csv, {
    summary: 'The What sells table as a CSV file',
    querystring: whatSellsQuery,
    response: { 200: z.string() },
  }),
  sellerTime: route.get(whatSellsRoutes.sellerTime, {
    summary: 'The seller’s minutes per item: their own, else the estimate',
    response: { 200: sellerTimeSchema },
  }),
  saveSellerTime: route.put(whatSellsRoutes.sellerTime, {
    summary: 'Sets the seller’s own minutes per item (null: the estimate)',
    body: sellerTimeBody,
    response: { 200: sellerTimeSchema },
  }),
  withoutCost: route.get(whatSellsRoutes.withoutCost, {
    summary: 'The seller’s sold items with no cost (left out of profit), newest sale first, a page at a time',
    querystring: soldWithoutCostQuery,
    response: { 200: soldWithoutCostResponse },
  }),
  importPastSales: route.post(whatSellsRoutes.pastSales, {
    summary:
      'Imports a spreadsheet of past sales (CSV): each row once; nothing while a row has a problem; a file over one batch is written by a job (its progress answered)',
    body: pastSalesBody,
    response: { 200: pastSalesResponse },
    bodyLimit: 6 * 1024 * 1024,
  }),
  pastSalesFile: route.get(whatSellsRoutes.pastSalesFile, {
    summary: 'A spreadsheet of past sales being written by its job: how far it got, and its result (another seller’s: 404)',
    params: importIdParams,
    response: { 200: pastSalesFileResponse },
  }),
};
