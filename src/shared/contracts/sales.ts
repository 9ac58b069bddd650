import { z } from 'zod';
import { apiChannels, type ApiChannel } from '../domain/channel-listing';

/** The sales routes: checking a channel for sales now ("Check for sales"). */
export const salesPaths = {
  check: '/api/channels/:channel/sales/check',
  /** "Simulate a sale": a simulated buyer buys the item live on the simulated eBay; only while it runs. */
  simulatedSale: '/api/items/:itemId/simulated-sale',
} as const;

/**
 * "Simulate a sale" on a simulated marketplace: the card action's words, which listing links lead to the
 * simulation, and the browser path a simulated buyer buys the item through. Each web channel that offers it says so
 * (`WebChannel.simulatedSale`); the dashboard draws one action per channel from the web registry.
 */
export interface SimulatedSaleOffer {
  channel: ApiChannel;
  words: { cardAction: string; sold(sku: string): string };
  isSimulatedListing(url: string | null | undefined): boolean;
  path(itemId: string): string;
}

/** A simulated sale route pattern (`/api/items/:itemId/...`) as a browser path for the item. */
export const simulatedSalePath = (pattern: string, itemId: string) => pattern.replace(':itemId', encodeURIComponent(itemId));

export const simulatedSaleParams = z.object({ itemId: z.uuid() });

export const salesPathOf = (channel: string) => salesPaths.check.replace(':channel', channel);

export const channelParams = z.object({ channel: z.enum(apiChannels) });

export const salesCheckResponse = z.object({
  /** Sales recorded for the first time by this check (a sale the schedule pulled a minute ago is not new). */
  newSales: z.number().int(),
  /** Items sold out by this check, and items whose sale was cancelled (for sale again). */
  soldItemIds: z.array(z.uuid()),
  takenBackItemIds: z.array(z.uuid()),
  checkedAt: z.string(),
});
export type SalesCheckResponse = z.infer<typeof salesCheckResponse>;
