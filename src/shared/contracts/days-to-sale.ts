import { z } from 'zod';
import { channels } from '../domain/channel-listing';
import { pathsOf } from './route-paths';
import { route } from './route-table';
import { text } from './text';

/**
 * Days to sale, predicted (decision 147): per marketplace, how long an item like this one takes to sell,
 * from the seller's own listings (a Kaplan–Meier median, unsold listings censored, with its 90 % interval), and what
 * that rests on. With too few sales the answer is none, with the reason in words: the marketplaces' own signals (eBay's
 * comparables, Depop's pricing inspiration) carry no dates, so they time nothing.
 */
export const daysToSaleRoutes = { item: '/api/items/:id/days-to-sale', items: '/api/days-to-sale' } as const;
export const daysToSalePaths = pathsOf(daysToSaleRoutes);

/** The most items one batched call answers (a dashboard page is 50). */
export const maxDaysToSaleItems = 100;

/** Fewer of the seller's sales on a marketplace than this and it says "not enough". */
export const minSalesForDaysToSale = 8;

export const daysToSaleBases = ['your-sales', 'none'] as const;
/**
 * Which of the seller's listings on the marketplace the estimate rests on: the nearest group like the item with enough
 * sales, its brand and category, else its brand, else its category (decision 168). Never all of them: a figure that
 * is not the item's own kind's reads the same on every card.
 */
export const daysToSaleScopes = ['brand-and-category', 'brand', 'category'] as const;

export const marketplaceDaysToSale = z.object({
  channel: z.enum(channels),
  /** Whole days, the median; null when there is no estimate. */
  medianDays: z.number().int().min(0).nullable(),
  /** The 90 % interval's ends; `high` null when it runs past the seller's history. */
  low: z.number().int().min(0).nullable(),
  high: z.number().int().min(0).nullable(),
  basis: z.enum(daysToSaleBases),
  scope: z.enum(daysToSaleScopes).nullable(),
  /** The seller's sales and listed items the figure rests on (for `none`: what there was). */
  restsOn: z.object({ sales: z.number().int().min(0), items: z.number().int().min(0) }),
  /** What the seller reads: "eBay: about 12 days (9 to 18), from your 48 sales of Jeans". */
  words: z.string(),
  /** What a figure rests on, for the card's line: "from 12 sales of Levi's Jeans on eBay"; null without a figure. */
  from: z.string().nullable(),
  /**
   * Whether the seller can sell there now (decision 168): a marketplace by API they have connected, or one they hand
   * over to. The card's line names only these: after Disconnect eBay an ended card says nothing of eBay.
   */
  sellsThere: z.boolean(),
});
export type MarketplaceDaysToSale = z.infer<typeof marketplaceDaysToSale>;

export const daysToSaleResponse = z.object({
  itemId: z.uuid(),
  marketplaces: z.array(marketplaceDaysToSale),
  /** Why there is no marketplace at all (nothing listed yet anywhere); null when there is one. */
  none: z.string().nullable(),
});
export type DaysToSaleResponse = z.infer<typeof daysToSaleResponse>;

/** POST /api/days-to-sale: the seller's items; an id not the seller's answers 404, as every batched route. */
export const daysToSaleItemsBody = z.object({ itemIds: z.array(z.uuid()).min(1).max(maxDaysToSaleItems) });
export const daysToSaleItemsResponse = z.object({ items: z.array(daysToSaleResponse) });

/** The item's id as the path holds it: one that is no uuid is no item of the seller's, answered 404 (not 400). */
export const daysToSaleItemParams = z.object({ id: text().max(64) });

/** Days to sale's routes (decisions 147, 152). */
export const daysToSaleApi = {
  item: route.get(daysToSaleRoutes.item, {
    summary: 'Days to sale, predicted per marketplace from the seller’s own sales, and what it rests on',
    params: daysToSaleItemParams,
    response: { 200: daysToSaleResponse },
  }),
  items: route.post(daysToSaleRoutes.items, {
    summary: 'Days to sale, predicted, for several of the seller’s items at once (the dashboard’s cards; decision 152)',
    body: daysToSaleItemsBody,
    response: { 200: daysToSaleItemsResponse },
  }),
};
