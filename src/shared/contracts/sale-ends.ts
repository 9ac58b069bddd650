import { z } from 'zod';
import { channelNames, channels, type Channel } from '../domain/channel-listing';
import { itemIdParams } from './items';
import { channelsInWords } from '../domain/channel-listing';
import { moneySchema } from './money';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/**
 * After a sale (decision 083): a listing still live on another channel because its end failed ("Still live
 * on Etsy: end it now"), and two channels selling the same last unit ("Sold twice: on eBay and on Etsy").
 */
export const saleEndsRoutes = {
  endNow: '/api/items/:id/ends/retry',
  doubleSale: '/api/items/:id/double-sale',
  resolve: '/api/items/:id/double-sale/resolve',
  doubleSales: '/api/channels/double-sales',
} as const;

export const saleEndsPaths = pathsOf(saleEndsRoutes);

export const saleEndsMessages = {
  stillLive: (channel: Channel) => `Still live on ${channelNames[channel]}: end it now`,
  soldTwice: (list: readonly Channel[]) => `Sold twice: on ${list.map((channel) => channelNames[channel]).join(' and on ')}`,
  soldTwiceHelp: (list: readonly Channel[]) =>
    `The last one sold on ${channelsInWords(list)} before the other listing ended. Cancel one order on its marketplace, then mark which one you cancelled.`,
  resolveQuestion: (channel: Channel) =>
    `Mark the ${channelNames[channel]} order as cancelled? It leaves your sales and profit; cancel it on ${channelNames[channel]} too if you have not.`,
  endNowFailed: 'The listing is still live: the marketplace did not end it. It is tried again in a few minutes.',
  notDoubleSold: 'This item is not sold twice.',
} as const;

export const endNowResponse = z.object({
  /** API listings the retry ended. */
  ended: z.number().int(),
  /** The item's API channels where it is still live after the retry. */
  stillLive: z.array(z.enum(channels)),
});
export type EndNowResponse = z.infer<typeof endNowResponse>;

/** One of the sales of a double sale: who bought it, the order and where to cancel it. */
export const doubleSaleLine = z.object({
  saleId: z.uuid(),
  channel: z.enum(channels),
  orderId: z.string(),
  /** The order as the seller knows it on its marketplace: Shopify's "#1039" (not gid://shopify/Order/...), eBay's order id. */
  orderName: z.string(),
  buyer: z.string().nullable(),
  price: moneySchema,
  soldAt: z.string(),
  /** The seller's page of the order on its marketplace (cancel it there); null when it has none. */
  orderUrl: z.string().nullable(),
});
export type DoubleSaleLine = z.infer<typeof doubleSaleLine>;

export const doubleSale = z.object({
  itemId: z.uuid(),
  sku: z.string(),
  title: z.string().nullable(),
  channels: z.array(z.enum(channels)),
  sales: z.array(doubleSaleLine),
});
export type DoubleSale = z.infer<typeof doubleSale>;

export const doubleSalesResponse = z.object({ doubleSales: z.array(doubleSale) });
export type DoubleSalesResponse = z.infer<typeof doubleSalesResponse>;

export const resolveDoubleSaleBody = z.object({ cancelledSaleId: z.uuid() });

/** "End it now" and the double sales (decision 083). */
export const saleEndsApi = {
  endNow: route.post(saleEndsRoutes.endNow, {
    summary: "Tries now to end a sold item's listings still live on other channels (after a failed end)",
    params: itemIdParams,
    response: { 200: endNowResponse },
  }),
  doubleSales: route.get(saleEndsRoutes.doubleSales, {
    summary: "The seller's items sold twice: the same last unit sold on two channels",
    response: { 200: doubleSalesResponse },
  }),
  doubleSale: route.get(saleEndsRoutes.doubleSale, {
    summary: "The item's double sale: each sale's buyer, order and where to cancel it; 404 when not sold twice",
    params: itemIdParams,
    response: { 200: doubleSale },
  }),
  resolve: route.post(saleEndsRoutes.resolve, {
    summary: 'Resolves a double sale: the seller cancelled this sale on its marketplace',
    params: itemIdParams,
    body: resolveDoubleSaleBody,
    response: { 204: z.null() },
  }),
};
