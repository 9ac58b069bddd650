import { z } from 'zod';
import { listCursor } from './cursor';
import { queuedAnswer } from './queued-answer';
import { text } from './text';
import { apiChannels } from '../domain/channel-listing';
import { itemIdParams, listedItem, updateItemBody } from './items';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/** Route patterns (server) of listing generation and editing (the live status stream is in events.ts). */
export const listingsRoutes = {
  collection: '/api/listings',
  generate: '/api/listings/generate',
  held: '/api/listings/held',
  bulkDelete: '/api/listings/delete',
  listing: '/api/items/:id/listing',
  regenerate: '/api/items/:id/listing/regenerate',
} as const;

/** Concrete URLs (browser). */
export const listingsPaths = pathsOf(listingsRoutes);

export const itemIdsBody = z.object({ itemIds: z.array(z.uuid()).min(1).max(500) });

/** What the seller set on a card before generating: saved on the item, then read by the generator. */
export const itemDetails = updateItemBody.pick({ category: true, condition: true, brand: true }).extend({ itemId: z.uuid() });
export type ItemDetails = z.infer<typeof itemDetails>;

/**
 * POST /api/items/:id/listing/regenerate: optionally the category, condition and brand on the seller's screen, saved
 * before the listing is written again, so one set a moment before the tap is the one written from (its own save may
 * still be on the way).
 */
// A POST without a body reaches the route as null (Fastify), as the eBay screen's Regenerate and older callers send it.
export const regenerateListingBody = z.object({ details: itemDetails.omit({ itemId: true }).optional() }).nullish();
export type RegenerateListingBody = z.infer<typeof regenerateListingBody>;

/** POST /api/listings/generate: the items, and for some of them the category, condition and brand to use. */
export const generateListingsBody = itemIdsBody.extend({ details: z.array(itemDetails).max(500).optional() });
export type GenerateListingsBody = z.infer<typeof generateListingsBody>;

/**
 * What a channel must hear from the seller before an item's listing is written (decisions 105 and 113): a
 * value it takes (eBay's standard size, picked from `aspect.allowedValues`), or what the item is first (`category`).
 * The autopilot's review reasons of the same codes carry the same words.
 */
export const writingQuestion = z.object({
  code: z.enum(['value', 'category']),
  channel: z.enum(apiChannels),
  message: z.string(),
  aspect: z.object({ name: z.string(), allowedValues: z.array(z.string()) }).optional(),
});
export type WritingQuestion = z.infer<typeof writingQuestion>;

export const heldForAnswer = z.object({ itemId: z.uuid(), questions: z.array(writingQuestion).min(1) });
export type HeldForAnswer = z.infer<typeof heldForAnswer>;

/** The items whose generation was queued, or was already waiting or running, and those held. */
export const generateListingsResponse = queuedAnswer.extend({
  /** Items not queued: a channel asks the seller first (a size eBay takes none of); asked again, answered, they are. */
  held: z.array(heldForAnswer),
});
export type GenerateListingsResponse = z.infer<typeof generateListingsResponse>;

/**
 * GET /api/listings/held: the seller's items held for an answer (by Generate or the camera batches' background
 * generation, decision 116), oldest hold first, each with its questions asked afresh.
 */
export const heldListingsResponse = z.object({ held: z.array(heldForAnswer) });
export type HeldListingsResponse = z.infer<typeof heldListingsResponse>;

export const editListingBody = z.object({
  title: text().trim().min(1, 'Title is required').max(200),
  description: text().trim().max(10_000),
  /** Already split on commas, trimmed and without empties (parseTags). */
  tags: z.array(text().trim().min(1).max(60)).max(50),
});
export type EditListingBody = z.infer<typeof editListingBody>;

export const listingEvidence = z.object({
  source: z.enum(['photo', 'inferred', 'seller']),
  photo: z.number().int().optional(),
  note: z.string().optional(),
  /** The region of the photo it was read on (the label's line), cut out and stored: a signed URL (decision 171). */
  cropUrl: z.string().optional(),
  /** A colour read from the pixels: the swatch of the colour named ("#4a6a94") and its share of the garment (0-1). */
  swatch: z.string().optional(),
  share: z.number().optional(),
  /** The label read offline and the cloud AI said different values: the seller picks (decision 171). */
  disagreement: z.object({ label: z.string(), ai: z.string() }).optional(),
});

/** An item as the Generate Listings screen needs it: the item plus evidence, provider and queue state. */
export const listingItem = listedItem.extend({
  /** Evidence per extracted attribute (brand, size, color, material, style, fit, department, sizeType). */
  aiEvidence: z.record(z.string(), listingEvidence).nullable(),
  /** Which provider wrote the listing: basic drafts say so in the UI. */
  aiProvider: z.enum(['basic', 'openai', 'anthropic']).nullable(),
  /**
   * The category, condition and brand the listing was written from (listingInputsFingerprint); when the item's no
   * longer match, the listing is out of date (isListingOutOfDate) and not Ready until regenerated.
   */
  aiInputsFingerprint: z.string().nullable(),
  /**
   * The listing's fields the seller set by hand (src/shared/domain/seller-fields.ts): a Regenerate keeps them, and
   * its confirmation names them.
   */
  sellerFields: z.array(z.string()),
  /** A generation is waiting for a worker (or for its rate-limit retry). */
  generationQueued: z.boolean(),
});
export type ListingItem = z.infer<typeof listingItem>;

export const listListingsQuery = z.object({
  cursor: listCursor().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const listListingsResponse = z.object({ items: z.array(listingItem), nextCursor: z.string().nullable() });
export type ListListingsResponse = z.infer<typeof listListingsResponse>;

export const resetListingsResponse = z.object({
  resetIds: z.array(z.uuid()),
  /** Listings kept because eBay did not end them, with the reason in words (absent: none). */
  refused: z.array(z.object({ itemId: z.uuid(), sku: z.string(), message: z.string() })).default([]),
});
export type ResetListingsResponse = z.infer<typeof resetListingsResponse>;

export const regenerateResponse = z.object({ queued: z.boolean() });

/** Listing generation (queued as jobs), editing and deleting. */
export const listingsApi = {
  list: route.get(listingsRoutes.collection, {
    summary: 'Own items with their listings, evidence and queue state, newest first',
    querystring: listListingsQuery,
    response: { 200: listListingsResponse },
  }),
  generate: route.post(listingsRoutes.generate, {
    summary: 'Queue listing generation for one or many items; answers at once',
    body: generateListingsBody,
    response: { 202: generateListingsResponse },
  }),
  held: route.get(listingsRoutes.held, {
    summary: 'Own items held until a channel’s question is answered (a size a marketplace takes none of), with the questions',
    response: { 200: heldListingsResponse },
  }),
  removeMany: route.post(listingsRoutes.bulkDelete, {
    summary: 'Delete the listings of many items (the items stay)',
    body: itemIdsBody,
    response: { 200: resetListingsResponse },
  }),
  one: route.get(listingsRoutes.listing, {
    summary: 'One item with its listing',
    params: itemIdParams,
    response: { 200: listingItem },
  }),
  update: route.patch(listingsRoutes.listing, {
    summary: 'Edit title, description and tags',
    params: itemIdParams,
    body: editListingBody,
    response: { 200: listingItem },
  }),
  remove: route.delete(listingsRoutes.listing, {
    summary: 'Delete the listing: AI fields cleared, status pending, the item stays',
    params: itemIdParams,
    response: { 200: listingItem },
  }),
  regenerate: route.post(listingsRoutes.regenerate, {
    summary: 'Queue a new generation of this listing (with the category, condition and brand to write it from, saved first)',
    params: itemIdParams,
    body: regenerateListingBody,
    response: { 202: regenerateResponse },
  }),
};
