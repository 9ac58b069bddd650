import { z } from 'zod';
import { listCursor } from './cursor';
import { text } from './text';
import { normaliseSku, skuProblem } from '../domain/sku';
import { channelListingStatuses, channels, listingChanges } from '../domain/channel-listing';
import { priceSources } from '../domain/channel-price';
import { moneyInputSchema, moneySchema } from './money';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/** Route patterns (server) for items, their photos and signed files. */
export const itemsRoutes = {
  collection: '/api/items',
  summary: '/api/items/summary',
  skuHints: '/api/items/sku-hints',
  skuAvailable: '/api/items/sku-available',
  bulkDelete: '/api/items/delete',
  productUpload: '/api/items/upload',
  item: '/api/items/:id',
  images: '/api/items/:id/images',
  image: '/api/items/:id/images/:imageId',
  imageOrder: '/api/items/:id/images/order',
  imageCrop: '/api/items/:id/images/:imageId/crop',
  imageRotate: '/api/items/:id/images/:imageId/rotate',
  file: '/api/files/:token',
} as const;

/** Concrete URLs (browser). */
export const itemsPaths = {
  ...pathsOf(itemsRoutes),
  productUpload: (query: ProductUploadQueryInput) =>
    `${itemsRoutes.productUpload}?${new URLSearchParams(
      Object.entries(query).flatMap(([key, value]) => (value === undefined || value === null ? [] : [[key, String(value)]])),
    )}`,
} as const;

/** Server limits the browser should respect before sending. */
export const uploadLimits = {
  maxFileBytes: 25 * 1024 * 1024,
  maxFilesPerRequest: 30,
  maxInputMegapixels: 50,
  signedUrlSeconds: 3600,
} as const;

export const itemViews = ['drafts', 'batches', 'listings', 'ready'] as const;
export const itemView = z.enum(itemViews);
export type ItemView = z.infer<typeof itemView>;

export const aiGenerationStatus = z.enum(['pending', 'generating', 'completed', 'failed']);

export const itemIdParams = z.object({ id: z.uuid() });
export const itemImageParams = z.object({ id: z.uuid(), imageId: z.uuid() });
export const fileTokenParams = z.object({ token: text().min(1).max(2000) });

const optionalText = text().trim().max(100).nullish();
/** A size as the label reads it; eBay takes an item specific's value of at most 50 characters. */
const sizeText = text().trim().max(50).nullish();

export const createItemBody = z.object({
  /** Hand-chosen SKU; generated (PSTFSH-001 ...) when absent. */
  sku: text().max(200).optional(),
  category: optionalText,
  condition: optionalText,
  brand: optionalText,
  /** The size the seller read on the label: asked in eBay's values before any AI call when none maps. */
  size: sizeText,
  /** A phone's camera batch: the listing is generated in the background after the upload. */
  autoGenerateListing: z.boolean().optional(),
});
export type CreateItemBody = z.infer<typeof createItemBody>;

/**
 * POST /api/items/upload: one product (its item and its photos) in one request, so a product exists whole or not at
 * all. `uploadKey` is the browser's key for this product: a resend after a lost answer gets the same item again.
 * A product of more than one request sends its further parts with the same key and `offset`, the index of the
 * part's first photo; a part the server already has is answered, not stored twice.
 */
/** Up to 200 SKUs, comma-separated (a query string stays far below the server's 16 KB request line). */
const reservedSkus = text()
  .max(10_400)
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map(normaliseSku)
      .filter((sku) => sku !== ''),
  )
  .refine((skus) => skus.length <= 200 && skus.every((sku) => skuProblem(sku) === null), 'reserved must be SKUs, comma-separated');

export const productUploadQuery = z.object({
  uploadKey: z.uuid(),
  /** Hand-chosen SKU; generated (PSTFSH-001 ...) when absent. Ignored by parts after the first. */
  sku: text().max(200).optional(),
  category: optionalText,
  condition: optionalText,
  brand: optionalText,
  /** The size on the label, as the seller typed it. Ignored by parts after the first. */
  size: sizeText,
  autoGenerateListing: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /**
   * SKUs typed for other products still in the seller's queue, comma-separated: a generated SKU skips them, so a
   * photo without a SKU never takes the SKU the seller typed for a product sent after it.
   */
  reserved: reservedSkus,
  /** How many photos the product has in all: the part that brings the last one says the upload is whole. */
  photoTotal: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type ProductUploadQuery = z.infer<typeof productUploadQuery>;
export type ProductUploadQueryInput = z.input<typeof productUploadQuery>;

export const askingPriceMessages = { zero: 'Enter a price above 0, or empty the field for none' } as const;

export const updateItemBody = z.object({
  sku: text().max(200).optional(),
  category: optionalText,
  condition: optionalText,
  brand: optionalText,
  /**
   * What one of the item cost the seller, in the item's currency (decision 081: another is a 400); null: not entered
   * (profit flags it, never counts it as free).
   */
  cost: moneyInputSchema.nullable().optional(),
  /**
   * The seller's asking price for the item, in its currency: every marketplace's price starts from it (`channelPrice`),
   * and where the item is live the change is sent there; null: none, the AI's or the price list's goes out.
   */
  askingPrice: moneyInputSchema
    .refine((price) => price.amountMinor > 0, { message: askingPriceMessages.zero, path: ['amountMinor'] })
    .nullable()
    .optional(),
  /** Where the seller bought it, in their own words ("Goodwill Main St"); empty or null: not said. */
  source: optionalText,
  /**
   * The asking price is kept though a live listing would get less than the seller's floor there (decision 121); without
   * it such a price is refused with what they would lose (409 UNDER_FLOOR), nothing saved.
   */
  confirmUnderFloor: z.boolean().optional(),
});
export type UpdateItemBody = z.infer<typeof updateItemBody>;

/**
 * The dashboard's status filter. draft: no ready listing, nothing failed, not published; listing_ready: the
 * listing passed its check and is not published; published: an eBay listing with publish status `published`;
 * sold: a listing sold out (its whole quantity); sold_twice: more units sold than the item had, on two marketplaces or
 * more (decision 083: a double sale, until the seller cancels one); failed: AI generation failed or the eBay publish failed. Published and failed-publish read the eBay `channel_listings` row,
 * which stays empty until eBay publishing exists.
 */
export const itemStatusFilters = ['draft', 'listing_ready', 'published', 'sold', 'sold_twice', 'failed'] as const;
export const itemStatusFilter = z.enum(itemStatusFilters);
export type ItemStatusFilter = z.infer<typeof itemStatusFilter>;

export const listItemsQuery = z.object({
  view: itemView.default('batches'),
  /** Case-insensitive substring of the SKU, the AI title or the brand (typed or extracted). */
  q: text().trim().max(200).optional(),
  status: itemStatusFilter.optional(),
  /** Listed on this channel: live there now (not publishing, ended, sold or failed). */
  channel: z.enum(channels).optional(),
  cursor: listCursor().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListItemsQuery = z.infer<typeof listItemsQuery>;

export const itemImage = z.object({
  id: z.uuid(),
  order: z.number().int(),
  isPrimary: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** Signed URL of the display image (max 1920 px), valid 3600 s. */
  url: z.string(),
  /** Signed URL of the 400 px thumbnail, valid 3600 s. */
  thumbnailUrl: z.string(),
  createdAt: z.string(),
});
export type ItemImage = z.infer<typeof itemImage>;

export const publishStatuses = ['publishing', 'published', 'sold', 'failed', 'ended'] as const;
export type PublishStatus = (typeof publishStatuses)[number];

/**
 * The item's publish status as the API has always said it, from its eBay listing's status (channel_listings); null
 * for a saved draft. The server's item views and the browser's listing events both read it here.
 */
export function publishStatusOf(status: string | null): PublishStatus | null {
  if (status === 'publishing' || status === 'failed' || status === 'sold') return status;
  if (status === 'live') return 'published';
  if (status === 'ended') return 'ended';
  return null;
}

/**
 * The item's sales on its channels (cancelled ones left out): the latest (channel, price, shipping the buyer paid,
 * date) and the quantity sold in all. The listing's status says whether anything is left to sell.
 */
export const itemSale = z.object({
  channel: z.string(),
  price: moneySchema,
  shipping: moneySchema,
  soldAt: z.string(),
  quantity: z.number().int(),
  /**
   * Sold twice (decision 083): two channels or more sold more units than the item had before its other listings
   * ended; the channels, eBay first. Absent otherwise.
   */
  doubleSale: z.array(z.enum(channels)).optional(),
  /**
   * The channels of its standing sales, eBay first: a listing marked sold on a channel not among them had
   * its sale cancelled (the seller's "Mark cancelled" of a double sale, or the marketplace's cancel). Absent: not said.
   */
  channels: z.array(z.enum(channels)).optional(),
});
export type ItemSale = z.infer<typeof itemSale>;

/**
 * The item's listing on one channel, the same for every channel: its status there, the price the
 * channel gets (the server's `channelPriceOf`: the listing's own price, else the item's asking price through the
 * channel's price rule; null while there is neither), whether that price is the listing's own, its quantity, the
 * listing's link, the marketplace's refusal in words, a revise, end or relist on its way, whether the seller is
 * asked to take it down by hand (an assisted channel's delist task after a sale elsewhere, until ticked), and the
 * part only that channel reads, typed by the channel's own zod schema (eBay's: `ebayListingPart`).
 */
export const channelListingView = z.object({
  channel: z.enum(channels),
  status: z.enum(channelListingStatuses),
  price: moneySchema.nullable(),
  ownPrice: z.boolean(),
  /** What set the price (decision 121): the seller, or the rule, price list, AI or comparables the app went by. */
  priceSource: z.enum(priceSources).nullable(),
  /** The same in words, as the card says it: "Your price list: Mens Jeans $28.00 · +10%". */
  priceBasis: z.string().nullable(),
  quantity: z.number().int(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  change: z.enum(listingChanges).nullable(),
  delistTask: z.boolean(),
  part: z.record(z.string(), z.unknown()),
});
export type ChannelListingView = z.infer<typeof channelListingView>;

/**
 * An item as the list shows it: everything but its photos (a card needs only the first thumbnail and the count;
 * signing 2 URLs for every photo of 50 items made a page ~150 KB). GET /api/items/:id answers the photos.
 */
export const listedItem = z.object({
  id: z.uuid(),
  sku: z.string(),
  status: z.string(),
  uploadSessionId: z.uuid(),
  batchId: z.uuid(),
  batchNumber: z.number().int(),
  skuAssigned: z.boolean(),
  photoCount: z.number().int(),
  category: z.string().nullable(),
  condition: z.string().nullable(),
  brand: z.string().nullable(),
  /** The currency the item is priced and counted in (ISO 4217): its cost, its asking price, its listings' prices. */
  currency: z.string(),
  /** What one of the item cost the seller, or null when not entered. */
  cost: moneySchema.nullable(),
  /** Where the seller bought it, in their own words; null: not said. */
  source: z.string().nullable(),
  /** The bundle it was bought in (its cost is its share of the bundle's); null: bought alone. */
  bundleId: z.uuid().nullable(),
  autoGenerateListing: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  aiTitle: z.string().nullable(),
  aiDescription: z.string().nullable(),
  aiTags: z.array(z.string()).nullable(),
  aiConditionNotes: z.string().nullable(),
  aiGeneratedAt: z.string().nullable(),
  aiGenerationStatus: aiGenerationStatus,
  aiGenerationError: z.string().nullable(),
  /** The AI's suggested price: the item's asking price. */
  aiSuggestedPrice: moneySchema.nullable(),
  /** The seller's own asking price for the item (decision 121); null: none set, the AI's suggestion stays one. */
  askingPrice: moneySchema.nullable(),
  /**
   * The price the item goes out at before any marketplace's own rule, from the server's one price function
   * (`channelPrice`: the seller's asking price, else the AI's, else their price list); null: nothing prices it yet.
   * Screens show this and each listing's `price`; none orders the prices again.
   */
  price: moneySchema.nullable(),
  /** What set `price`, in words ("Your price", "Your price list: Mens Jeans $28.00"), and which source it was. */
  priceBasis: z.string().nullable(),
  priceSource: z.enum(priceSources).nullable(),
  aiPricingNotes: z.string().nullable(),
  aiMeasurements: z.record(z.string(), z.string()).nullable(),
  listingReady: z.boolean(),
  categoryConfidence: z.number().nullable(),
  extractedBrand: z.string().nullable(),
  extractedSize: z.string().nullable(),
  extractedColor: z.string().nullable(),
  extractedMaterial: z.string().nullable(),
  extractedStyle: z.string().nullable(),
  extractedFit: z.string().nullable(),
  extractedDepartment: z.string().nullable(),
  extractedSizeType: z.string().nullable(),
  itemSpecificsJson: z.record(z.string(), z.string()).nullable(),
  publishReadyScore: z.number().int().nullable(),
  /**
   * What one of its channel listings names it as (eBay: its category id and name, its condition grade), in no
   * channel's field names: the listing's readiness reads it where the seller's category or condition is empty.
   */
  listedAs: z
    .object({ categoryId: z.string().nullable(), categoryName: z.string().nullable(), condition: z.string().nullable() })
    .nullable(),
  /** Signed URL of the first photo's thumbnail (by order), or null without photos. */
  thumbnailUrl: z.string().nullable(),
  /** Its sales, or null while nothing is sold. */
  sale: itemSale.nullable(),
  /** Its listings on every channel it was prepared for or sent to, in channel order (empty: none). */
  listings: z.array(channelListingView),
});
export type ListedItem = z.infer<typeof listedItem>;

/** An item with every photo (its own routes and the answers of changes to it). */
export const item = listedItem.extend({ images: z.array(itemImage) });
export type Item = z.infer<typeof item>;

export const listItemsResponse = z.object({ items: z.array(listedItem), nextCursor: z.string().nullable() });
export type ListItemsResponse = z.infer<typeof listItemsResponse>;

export const rejectedImage = z.object({
  /** Position of the file in the upload, from 0. */
  index: z.number().int(),
  fileName: z.string(),
  message: z.string(),
});
export type RejectedImage = z.infer<typeof rejectedImage>;

export const uploadImagesResponse = z.object({
  item,
  added: z.array(itemImage),
  /** Files that were skipped, with the reason; the item keeps the others. */
  rejected: z.array(rejectedImage),
});
export type UploadImagesResponse = z.infer<typeof uploadImagesResponse>;

export const reorderImagesBody = z.object({ imageIds: z.array(z.uuid()).min(1).max(500) });

/** A crop is at least 50 px wide and high. */
export const CROP_MIN_PX = 50;

/** A crop region in the stored image's own pixels (ItemImage width and height), from its top-left corner. */
export const cropImageBody = z.object({
  x: z.number().int().min(0).max(100_000),
  y: z.number().int().min(0).max(100_000),
  width: z.number().int().min(CROP_MIN_PX).max(100_000),
  height: z.number().int().min(CROP_MIN_PX).max(100_000),
});
export type CropImageBody = z.infer<typeof cropImageBody>;

/** Clockwise quarter turns. */
export const rotateImageBody = z.object({ degrees: z.union([z.literal(90), z.literal(180), z.literal(270)]) });
export type RotateImageBody = z.infer<typeof rotateImageBody>;

export const bulkDeleteBody = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

export const deleteItemsResponse = z.object({
  deletedIds: z.array(z.uuid()),
  /** Items kept because their eBay listing could not be ended, with the reason in words (absent: none). */
  refused: z.array(z.object({ itemId: z.uuid(), sku: z.string(), message: z.string() })).default([]),
});
export type DeleteItemsResponse = z.infer<typeof deleteItemsResponse>;

export const skuHintsResponse = z.object({
  /** The user's most recent SKU. */
  last: z.string().nullable(),
  /** What the generator would give next (not reserved). */
  next: z.string(),
  /**
   * The next generated SKUs no item has, in order (the first is `next`): the Next hint moves past SKUs in use on the
   * seller's screen along this list, never onto a SKU the server already has.
   */
  free: z.array(z.string()),
});

export const skuAvailableQuery = z.object({ sku: text().max(200) });
export const skuAvailableResponse = z.object({
  /** The SKU as it would be stored (trimmed, upper-cased). */
  sku: z.string(),
  /** False when one of the seller's items already has it, or it is not a usable SKU. */
  available: z.boolean(),
  /** Why not, in words; null when available. */
  reason: z.string().nullable(),
});

export const itemsSummaryResponse = z.object({
  stagedCount: z.number().int(),
  batchCount: z.number().int(),
  generatingCount: z.number().int(),
});
export type ItemsSummaryResponse = z.infer<typeof itemsSummaryResponse>;

/** The signed-in seller's item routes: items, their SKUs and photos (the list, crop and rotate are served apart). */
export const itemsApi = {
  create: route.post(itemsRoutes.collection, {
    summary: 'Create a draft item with its SKU and batch number',
    body: createItemBody,
    response: { 201: item },
  }),
  summary: route.get(itemsRoutes.summary, {
    summary: 'Counts for the capture and dashboard headers',
    response: { 200: itemsSummaryResponse },
  }),
  skuHints: route.get(itemsRoutes.skuHints, {
    summary: 'The last SKU used and the next generated one',
    response: { 200: skuHintsResponse },
  }),
  skuAvailable: route.get(itemsRoutes.skuAvailable, {
    summary: 'Whether a typed SKU is free (warns while typing)',
    querystring: skuAvailableQuery,
    response: { 200: skuAvailableResponse },
  }),
  removeMany: route.post(itemsRoutes.bulkDelete, {
    summary: 'Delete several items and their photos',
    body: bulkDeleteBody,
    response: { 200: deleteItemsResponse },
  }),
  one: route.get(itemsRoutes.item, {
    summary: 'One item with its photos',
    params: itemIdParams,
    response: { 200: item },
  }),
  update: route.patch(itemsRoutes.item, {
    summary: 'Edit SKU, category, condition or brand',
    params: itemIdParams,
    body: updateItemBody,
    response: { 200: item },
  }),
  remove: route.delete(itemsRoutes.item, {
    summary: 'Delete an item and its photos',
    params: itemIdParams,
    response: { 200: deleteItemsResponse },
  }),
  addPhotos: route.post(itemsRoutes.images, {
    summary: 'Add photos (multipart, in order); bad files are skipped and reported',
    consumes: ['multipart/form-data'],
    params: itemIdParams,
    response: { 200: uploadImagesResponse },
  }),
  uploadProduct: route.post(itemsRoutes.productUpload, {
    summary: 'Create a product: its draft item and photos (multipart, in order) together, idempotent by upload key',
    description:
      'The item exists only once its photos are stored. A resend with the same uploadKey answers the same item; ' +
      'a product of several requests sends its later parts with the same key and offset (index of the first photo).',
    consumes: ['multipart/form-data'],
    querystring: productUploadQuery,
    response: { 200: uploadImagesResponse },
  }),
  removePhoto: route.delete(itemsRoutes.image, {
    summary: 'Delete one photo (never the last one)',
    params: itemImageParams,
    response: { 200: item },
  }),
  reorderPhotos: route.put(itemsRoutes.imageOrder, {
    summary: 'Reorder all photos in one transaction',
    params: itemIdParams,
    body: reorderImagesBody,
    response: { 200: item },
  }),
};
