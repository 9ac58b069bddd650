import { z } from 'zod';
import { ITEM_SPECIFIC_KEYS, PUBLISH_CONDITIONS, SIZE_TYPES } from '../domain/catalog';
import { text } from './text';

/** Route patterns (server) of publishing to eBay. */
export const publishRoutes = {
  publish: '/api/items/:id/publish',
  bulk: '/api/ebay/publish',
} as const;

/** Concrete URLs (browser). */
export const publishPaths = {
  publish: (itemId: string) => `/api/items/${encodeURIComponent(itemId)}/publish`,
  bulk: publishRoutes.bulk,
} as const;

export const publishMessages = {
  missingRequired: 'Missing required fields. Price and Category are required.',
  notConnected: 'eBay account not connected',
} as const;

const aspectText = () => text().trim().max(50);

/**
 * The publish form of spec §3 and §9 (ebay-publish-listing). Price and category id are checked by the server with
 * the spec's one message, so a form missing both hears it once.
 */
export const publishBody = z.object({
  price: z.number().nonnegative().max(1_000_000).optional(),
  quantity: z.number().int().min(1).max(10_000).default(1),
  condition: z.enum(PUBLISH_CONDITIONS).optional(),
  categoryId: text().trim().max(20).optional(),
  sizeType: z.enum(SIZE_TYPES).optional(),
  size: aspectText().optional(),
  brand: aspectText().optional(),
  color: aspectText().optional(),
  style: aspectText().optional(),
  itemSpecifics: z.partialRecord(z.enum(ITEM_SPECIFIC_KEYS), aspectText()).optional(),
});
export type PublishBody = z.input<typeof publishBody>;

export const publishResponse = z.object({
  itemId: z.uuid(),
  publishStatus: z.literal('publishing'),
  /** False when a publish of the item was already waiting or running (nothing new was queued). */
  queued: z.boolean(),
});
export type PublishResponse = z.infer<typeof publishResponse>;

/** Bulk publish: each item with its saved price (or the AI's suggestion), quantity, category and condition. */
export const bulkPublishBody = z.object({ itemIds: z.array(z.uuid()).min(1).max(500) });
export type BulkPublishBody = z.infer<typeof bulkPublishBody>;

export const bulkPublishResponse = z.object({
  queued: z.array(z.uuid()),
  /** A publish was already waiting or running for these. */
  alreadyQueued: z.array(z.uuid()),
  /** Not queued, each with the reason in the spec's words. */
  refused: z.array(z.object({ itemId: z.uuid(), sku: z.string(), message: z.string() })),
});
export type BulkPublishResponse = z.infer<typeof bulkPublishResponse>;
