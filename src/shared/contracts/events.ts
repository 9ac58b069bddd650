import { z } from 'zod';
import { channelListingStatuses, channels, listingChanges } from '../domain/channel-listing';
import { moneySchema } from './money';
import { pathsOf } from './route-paths';

/** Route pattern (server) of the one server-sent event stream. */
export const eventsRoutes = {
  stream: '/api/events',
} as const;

/** Concrete URLs (browser). */
export const eventsPaths = pathsOf(eventsRoutes);

/**
 * Item status: an item's generation state or readiness changed. Sent as SSE `event: item`.
 * `updatedAt` is UTC text with microseconds (the stream's cursor).
 */
export const itemStatusEvent = z.object({
  type: z.literal('item'),
  id: z.uuid(),
  aiGenerationStatus: z.enum(['pending', 'generating', 'completed', 'failed']),
  aiGenerationError: z.string().nullable(),
  listingReady: z.boolean(),
  updatedAt: z.string(),
});
export type ItemStatusEvent = z.infer<typeof itemStatusEvent>;

/**
 * Listing status: the item's listing on one channel (marketplace) changed, such as a publish outcome. Sent as SSE
 * `event: listing`. `updatedAt` is the listing's, in the same form as the item event's.
 */
export const listingStatusEvent = z.object({
  type: z.literal('listing'),
  itemId: z.uuid(),
  channel: z.enum(channels),
  status: z.enum(channelListingStatuses),
  /** The marketplace's id of the live listing. */
  externalId: z.string().nullable(),
  url: z.string().nullable(),
  /** The marketplace's refusal in words (status failed), or why a revise, end or relist failed. */
  error: z.string().nullable(),
  /** A revise, end or relist on its way to the marketplace; null when none. */
  change: z.enum(listingChanges).nullable().optional(),
  /** An assisted listing the seller is asked to take down (sold elsewhere), until ticked. */
  delistTask: z.boolean().optional(),
  updatedAt: z.string(),
});
export type ListingStatusEvent = z.infer<typeof listingStatusEvent>;

/**
 * A sale: one order line of an item sold on a channel (pulled from the marketplace), or taken back when the buyer's
 * order was cancelled (`cancelled`). Sent as SSE `event: sale`. `itemId` is null once the item is deleted.
 */
export const saleEvent = z.object({
  type: z.literal('sale'),
  id: z.uuid(),
  itemId: z.uuid().nullable(),
  channel: z.enum(channels),
  orderId: z.string(),
  quantity: z.number().int(),
  /** The line's price, all its units (its currency is `currency`'s too). */
  price: moneySchema,
  currency: z.string(),
  soldAt: z.string(),
  cancelled: z.boolean(),
  updatedAt: z.string(),
});
export type SaleEvent = z.infer<typeof saleEvent>;

/**
 * Every event GET /api/events sends, discriminated by `type`. On the wire each one is an SSE block whose event
 * name is its `type` and whose data is the whole object as JSON (`event: item` / `data: {"type":"item",...}`).
 * A new kind of event is one more member here; the browser ignores types it does not know.
 */
export const appEvent = z.discriminatedUnion('type', [itemStatusEvent, listingStatusEvent, saleEvent]);
export type AppEvent = z.infer<typeof appEvent>;
export type AppEventType = AppEvent['type'];

/**
 * Other SSE blocks of the stream: `ready` once the stream is open (data `{}`), and comment lines as heartbeat.
 */
export const streamReadyEvent = 'ready';
