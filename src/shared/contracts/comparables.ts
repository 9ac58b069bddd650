import { z } from 'zod';
import { moneySchema } from './money';
import { pathsOf } from './route-paths';

/**
 * Comparables behind every price (decision 053): active eBay listings like the item (same category,
 * condition and size), found by keywords from its listing and by image from its primary photo (Browse API, with the
 * application token), on the seller's own marketplace and in its currency. eBay's sold prices need Marketplace Insights,
 * a limited release (and the Finding API closed on 5 February 2025): the sold prices beside them are the seller's own.
 */
export const comparablesRoutes = { item: '/api/items/:id/comparables' } as const;
export const comparablesPaths = pathsOf(comparablesRoutes);

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

/** How `count` prices spread: their median, lowest and highest, in `currency` (null with none). */
const priceSpread = z.object({
  count: z.number().int(),
  median: moneySchema.nullable(),
  low: moneySchema.nullable(),
  high: moneySchema.nullable(),
  currency: z.string(),
});

/** One of the seller's own sales like the item: what the buyer paid (price and shipping), when, and where. */
export const ownSale = z.object({
  title: z.string(),
  sku: z.string().nullable(),
  /** A unit's price, the shipping the buyer paid for it, and the two together. */
  price: moneySchema,
  shipping: moneySchema,
  total: moneySchema,
  soldAt: z.string(),
  /** The marketplace's fees on it (eBay's from the Finances API); null while pending or not known. */
  fees: moneySchema.nullable(),
  /** The channel's name as the seller reads it ("eBay"). */
  channel: z.string(),
});
export type OwnSale = z.infer<typeof ownSale>;

/**
 * Sold-price evidence from the seller's own sales history (decision 103): their sales of items of the same
 * category (same brand first), as the sales pulls recorded them from the marketplaces' orders (eBay: Fulfillment,
 * fees from Finances), in the seller's currency only. Labelled "Your sales", never mixed with the active listings.
 */
export const ownSalesEvidence = priceSpread.extend({
  /** The 5 most alike: same brand first, then the most recent. */
  sales: z.array(ownSale).max(5),
  /** "Median of your 3 sales of Mens Jeans ..."; null when there are none. */
  basis: z.string().nullable(),
  /** Why there are none, in words; null when there are some. */
  none: z.string().nullable(),
});
export type OwnSalesEvidence = z.infer<typeof ownSalesEvidence>;

/** No sales of the seller's to show, and why. */
export const noOwnSales = (currency: string, none: string): OwnSalesEvidence => ({
  count: 0,
  median: null,
  low: null,
  high: null,
  currency,
  sales: [],
  basis: null,
  none,
});

/** The spread of the comparables' prices with shipping. */
export const comparablesResponse = priceSpread.extend({
  itemId: z.uuid(),
  /** What was asked: keywords, category, condition and size, and whether the primary photo was searched too. */
  query: z.object({
    keywords: z.string(),
    categoryId: z.string().nullable(),
    condition: z.string().nullable(),
    size: z.string().nullable(),
    byImage: z.boolean(),
  }),
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
  /** The eBay marketplace searched: the seller's own (EBAY_GB), whose currency is `currency`. */
  marketplaceId: z.string(),
  /** The seller's own sales of items like this one, shown beside the active listings as "Your sales". */
  ownSales: ownSalesEvidence,
});
export type ComparablesResponse = z.infer<typeof comparablesResponse>;
