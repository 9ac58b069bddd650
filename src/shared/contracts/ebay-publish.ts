import { itemIdParams } from './items';
import {
  bulkPublishBody,
  bulkPublishResponse,
  publishBody,
  publishResponse,
  publishRoutes,
  publishSettingsBody,
  publishSettingsResponse,
} from './publish';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/** eBay's own publish route: the eBay screen's bulk publish (the item's publish routes are publish.ts's). */
export const ebayPublishRoutes = {
  bulk: '/api/ebay/publish',
} as const;

/** Concrete URLs (browser). */
export const ebayPublishPaths = pathsOf(ebayPublishRoutes);

/** What eBay's publish says when it will not list an item. */
export const ebayPublishMessages = {
  notConnected: 'eBay account not connected',
  sold: 'This item sold on eBay: it is not listed again.',
  soldOut: (quantity: number) =>
    quantity === 1 ? 'It sold on eBay: nothing is left to list.' : `All ${quantity} sold on eBay: nothing is left to list.`,
  otherCurrency: (price: string, marketplace: string) =>
    `This item is priced in ${price}, but your eBay marketplace takes ${marketplace}: set its price in ${marketplace}`,
} as const;

/**
 * Publishing to eBay, queued as a job: one item, many, and an item's saved settings. Here, not in publish.ts (whose
 * patterns they use), because their words name eBay; the item's readiness and Quick Fix, which screens of every
 * marketplace read, are publish.ts's `itemReadinessApi`.
 */
export const ebayPublishApi = {
  publish: route.post(publishRoutes.publish, {
    summary:
      'Publish one item to eBay with the publish form; answers at once (422 with the errors when readiness errors block it), the status follows on the event stream',
    params: itemIdParams,
    body: publishBody,
    response: { 202: publishResponse },
  }),
  saveSettings: route.put(publishRoutes.settings, {
    summary: 'Save Publish Settings without publishing: price and quantity for a later publish, the rest on the item',
    params: itemIdParams,
    body: publishSettingsBody,
    response: { 200: publishSettingsResponse },
  }),
  bulk: route.post(ebayPublishRoutes.bulk, {
    summary: 'Publish many items with their saved price, quantity and category; answers at once',
    body: bulkPublishBody,
    response: { 202: bulkPublishResponse },
  }),
};
