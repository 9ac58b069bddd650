import { z } from 'zod';
import { channels } from '../domain/channel-listing';
import { agingBands } from '../domain/aging-stock';
import { moneySchema } from './money';
import { route } from './route-table';

/**
 * The aging stock view (decision 091): the seller's live stock by days listed, per band the asking value,
 * the floor value (decision 086's profit floor), the count, the items with no cost, the actions planned, and each
 * item with its listings' traffic where the channel tells it (eBay). Money is `{ amountMinor, currency }`.
 */
export const agingStockRoutes = { stock: '/api/aging-stock' } as const;

/** A sum of money per currency (a seller's stock is nearly always in one). */
const totals = z.array(moneySchema);

export const listingTrafficSchema = z.object({
  channel: z.enum(channels),
  label: z.string(),
  /** Views over the last 30 days; null where the channel does not tell (or the day's calls are spent). */
  views: z.number().int().nullable(),
  impressions: z.number().int().nullable(),
  clickThroughRate: z.number().nullable(),
  /** Watchers or cart abandoners (eBay's interested buyers); null where the channel does not tell. */
  interestedBuyers: z.boolean().nullable(),
});

export const agingItemSchema = z.object({
  itemId: z.string(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  daysListed: z.number().int().min(0),
  askingPrice: moneySchema.nullable(),
  /** The least floor over its live channels; null with `floorStatus` saying why. */
  floor: moneySchema.nullable(),
  floorStatus: z.enum(['floor', 'no-cost', 'no-fees', 'unreachable', 'currency-mismatch']),
  listings: z.array(listingTrafficSchema),
  /**
   * Its predicted days to sale on a marketplace it is live on (decision 152): where it has been listed longest past
   * its prediction, else the one nearest to it; null where no marketplace it is on has a prediction.
   */
  prediction: z
    .object({
      channel: z.enum(channels),
      predictedDays: z.number().int().min(0),
      /** Days live on that marketplace. */
      daysListed: z.number().int().min(0),
      past: z.boolean(),
      /** "Past its predicted 18 days on eBay", or "Predicted to sell in 18 days on eBay". */
      words: z.string(),
    })
    .nullable()
    .default(null),
});

/**
 * An offer, drop or relist planned for an item of the band, from the week's plan (decision 090): its actions not
 * rejected.
 */
export const plannedActionSchema = z.object({
  kind: z.enum(['offer', 'drop', 'relist']),
  itemId: z.string(),
  channel: z.enum(channels),
  price: moneySchema.nullable(),
  /** When it is to happen (ISO 8601). */
  at: z.string(),
});

export const agingBandSchema = z.object({
  band: z.enum(agingBands),
  label: z.string(),
  count: z.number().int(),
  askingValue: totals,
  floorValue: totals,
  /** Items with no cost entered: no floor, never counted as free. */
  noCostCount: z.number().int(),
  actionsPlanned: z.array(plannedActionSchema),
  items: z.array(agingItemSchema),
});

export const agingStockResponse = z.object({
  bands: z.array(agingBandSchema),
  /** The items live longer than their predicted days to sale, furthest past first (decision 152); also in their band. */
  pastPrediction: z.array(agingItemSchema).default([]),
});

export const agingPredictionWords = {
  past: (days: number, name: string) => `Past its predicted ${days === 1 ? '1 day' : `${days} days`} on ${name}`,
  ahead: (days: number, name: string) => `Predicted to sell in ${days === 1 ? '1 day' : `${days} days`} on ${name}`,
} as const;

export type AgingStockResponse = z.infer<typeof agingStockResponse>;
export type AgingBandView = z.infer<typeof agingBandSchema>;
export type AgingItem = z.infer<typeof agingItemSchema>;
export type PlannedAction = z.infer<typeof plannedActionSchema>;
export type ListingTrafficView = z.infer<typeof listingTrafficSchema>;

/** The aging stock view's route (decision 091). */
export const agingStockApi = {
  stock: route.get(agingStockRoutes.stock, {
    summary: 'Live stock by days listed (0–30, 31–60, 61–90, over 90): asking and floor value, items, views and watchers',
    response: { 200: agingStockResponse },
  }),
};
