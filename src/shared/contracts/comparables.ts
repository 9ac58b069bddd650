import { z } from 'zod';
import { moneySchema } from './money';

/**
 * Comparables behind every price (issue 35, decision 053): active eBay listings like the item (same category,
 * condition and size), found by keywords from its listing and by image from its primary photo (Browse API, with the
 * application token). Sold prices need Marketplace Insights, which eBay does not open to everyone: not used.
 */
export const comparablesRoutes = { item: '/api/items/:id/comparables' } as const;
export const comparablesPaths = {
  item: (itemId: string) => `/api/items/${encodeURIComponent(itemId)}/comparables`,
} as const;

export const comparable = z.object({
  title: z.string(),
  /** The listing on eBay. */
  url: z.string(),
  imageUrl: z.string().nullable(),
  /** Asking price, shipping (null: not given, e.g. calculated) and the two together, in `currency`. */
  price: moneySchema,
  shipping: moneySchema.nullable(),
  total: moneySchema,
  currency: z.string(),
  condition: z.string().nullable(),
  /** How it was found. */
  foundBy: z.enum(['keywords', 'image', 'both']),
});
export type Comparable = z.infer<typeof comparable>;

export const comparablesResponse = z.object({
  itemId: z.uuid(),
  /** What was asked: keywords, category, condition and size, and whether the primary photo was searched too. */
  query: z.object({
    keywords: z.string(),
    categoryId: z.string().nullable(),
    condition: z.string().nullable(),
    size: z.string().nullable(),
    byImage: z.boolean(),
  }),
  count: z.number().int(),
  /** Of price with shipping, in `currency`; null with no comparables. */
  median: moneySchema.nullable(),
  low: moneySchema.nullable(),
  high: moneySchema.nullable(),
  currency: z.string(),
  /** The 5 nearest: found by keywords and image both first, then by total closest to the median. */
  nearest: z.array(comparable).max(5),
  /** What a price from these is based on: "Median of 14 active eBay listings ... (asking prices, not sold)". */
  basis: z.string().nullable(),
  /** Why there is no basis (no comparables, eBay not configured, the day's call budget spent); null when there is. */
  noBasis: z.string().nullable(),
  /** When eBay answered (a cached answer is up to a day old). */
  fetchedAt: z.string().nullable(),
  /** The listings are the simulated eBay's own (a server without eBay keys), not real eBay data: shown as "Simulated comparables". */
  simulated: z.boolean(),
});
export type ComparablesResponse = z.infer<typeof comparablesResponse>;
