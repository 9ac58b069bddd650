import { z } from 'zod';
import { apiChannels } from '../domain/channel-listing';
import { shopifyPaths } from './shopify'; // shopify-wiring

/** The sales routes (issue 33): checking a channel for sales now ("Check for sales"). */
export const salesPaths = {
  check: '/api/channels/:channel/sales/check',
  /** "Simulate a sale" (issue 42): a simulated buyer buys the item live on the simulated eBay; only while it runs. */
  simulatedSale: '/api/items/:itemId/simulated-sale',
  /** The same on the simulated Etsy (issue 43); only while it runs. */
  simulatedEtsySale: '/api/items/:itemId/simulated-etsy-sale',
} as const;

export const simulatedSalePathOf = (itemId: string, channel: 'ebay' | 'etsy' | 'shopify' = 'ebay') =>
  // shopify-wiring: Shopify's simulated sale path is its own contract's.
  (channel === 'shopify'
    ? shopifyPaths.simulatedSale
    : channel === 'etsy'
      ? salesPaths.simulatedEtsySale
      : salesPaths.simulatedSale
  ).replace(':itemId', itemId);

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
