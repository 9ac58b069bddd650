import { z } from 'zod';
import { CATEGORIES, ITEM_SPECIFIC_KEYS, PUBLISH_CONDITIONS, QUICK_EDIT_CONDITIONS, SIZE_TYPES } from '../domain/catalog';
import { apiChannels } from '../domain/channel-listing';
import { PREFLIGHT_SCORES } from '../domain/preflight-score';
import { priceInputMessages } from '../domain/price-input';
import { moneyInputSchema, moneySchema } from './money';
import { queuedAnswer } from './queued-answer';
import { text } from './text';
import { itemIdParams } from './items';
import { route } from './route-table';
import { pathsOf } from './route-paths';

/** Route patterns (server) of publishing an item (eBay's bulk publish: ebay-publish.ts). */
export const publishRoutes = {
  publish: '/api/items/:id/publish',
  readiness: '/api/items/:id/readiness',
  quickFix: '/api/items/:id/quick-fix',
  settings: '/api/items/:id/publish-settings',
  preflightScores: '/api/items/:id/preflight-scores',
} as const;

/** Concrete URLs (browser). */
export const publishPaths = pathsOf(publishRoutes);

export const publishMessages = {
  missingRequired: 'Missing required fields. Price and Category are required.',
} as const;

const aspectText = () => text().trim().max(50);

/**
 * The eBay publish form (ebay-publish-listing). Price and category id are checked by the server with
 * one message, so a form missing both hears it once.
 */
export const publishBody = z.object({
  // Minor units in the item's currency (decision 081); 0 is a missing price (missingRequired).
  price: moneyInputSchema.optional(),
  quantity: z.number().int().min(1).max(10_000).default(1),
  // The one condition list (QUICK_EDIT_CONDITIONS); eBay's grades are still taken from API callers of before.
  condition: z.union([z.enum(QUICK_EDIT_CONDITIONS), z.enum(PUBLISH_CONDITIONS)]).optional(),
  categoryId: text().trim().max(20).optional(),
  sizeType: z.enum(SIZE_TYPES).optional(),
  size: aspectText().optional(),
  brand: aspectText().optional(),
  color: aspectText().optional(),
  style: aspectText().optional(),
  itemSpecifics: z.partialRecord(z.enum(ITEM_SPECIFIC_KEYS), aspectText()).optional(),
  /** The seller saw what the price would lose them under their profit floor, and keeps it (decision 121). */
  confirmUnderFloor: z.boolean().optional(),
});
export type PublishBody = z.input<typeof publishBody>;

/** PUT publish-settings: the publish form, none of it required, but a price sent is above 0 (0.001 saved as 0). */
export const publishSettingsBody = publishBody.extend({
  price: moneyInputSchema.refine((price) => price.amountMinor > 0, priceInputMessages.notAboveZero).optional(),
});

export const publishResponse = z.object({
  itemId: z.uuid(),
  publishStatus: z.literal('publishing'),
  /** False when a publish of the item was already waiting or running (nothing new was queued). */
  queued: z.boolean(),
});
export type PublishResponse = z.infer<typeof publishResponse>;

/**
 * PUT /api/items/:id/publish-settings: Publish Settings saved without publishing (the publish form's fields, none
 * required). The price and quantity are kept for a later Publish or bulk publish; the rest lands on the item.
 */
export const publishSettingsResponse = z.object({
  itemId: z.uuid(),
  /** The listing's own price (null: none saved, the asking price applies). */
  price: moneySchema.nullable(),
  quantity: z.number().int(),
});
export type PublishSettingsResponse = z.infer<typeof publishSettingsResponse>;

/** Bulk publish: each item with its saved price (or the AI's suggestion), quantity, category and condition. */
export const bulkPublishBody = z.object({ itemIds: z.array(z.uuid()).min(1).max(500) });

/**
 * An item a publish refused, with the reason in words, and where the seller fixes it when that is not where they are:
 * the item's listing on Generate Listings (Etsy's "when was it made?", a title) or the Marketplaces screen (a shop's
 * setup).
 */
export const publishRefusal = z.object({
  itemId: z.uuid(),
  sku: z.string(),
  message: z.string(),
  fixOn: z.enum(['listing', 'marketplaces']).optional(),
});

export const bulkPublishResponse = queuedAnswer.extend({
  /** Not queued, each with the reason in the agreed words. */
  refused: z.array(publishRefusal),
});
export type BulkPublishResponse = z.infer<typeof bulkPublishResponse>;

/**
 * The parcel an item ships in, in eBay's Inventory API units (PackageWeightAndSize): what calculated shipping needs.
 * US sellers weigh in ounces or pounds and measure in inches; the metric units are the other marketplaces'.
 */
export const packageWeightAndSize = z.object({
  weight: z.object({ value: z.number().positive().max(2000), unit: z.enum(['OUNCE', 'POUND', 'GRAM', 'KILOGRAM']) }),
  dimensions: z
    .object({
      length: z.number().positive().max(500),
      width: z.number().positive().max(500),
      height: z.number().positive().max(500),
      unit: z.enum(['INCH', 'CENTIMETER']),
    })
    .optional(),
});
export type PackageWeightAndSize = z.infer<typeof packageWeightAndSize>;

/** One thing a marketplace would refuse at publish time, found before the seller taps Publish (pre-flight). */
export const preflightProblem = z.object({
  field: z.enum(['sku', 'title', 'description', 'category', 'condition', 'aspects', 'images', 'package', 'policies', 'safety', 'price']),
  message: z.string(),
  /** For an aspect: its name, and the values eBay allows (empty: any text). */
  aspect: z.object({ name: z.string(), allowedValues: z.array(z.string()) }).optional(),
  /** For a condition eBay does not take in this category: the ones it does. */
  allowedConditions: z.array(z.object({ id: z.number().int(), label: z.string() })).optional(),
});
export type PreflightProblem = z.infer<typeof preflightProblem>;

export const readinessChecklist = z.object({
  hasTitle: z.boolean(),
  hasDescription: z.boolean(),
  hasImages: z.boolean(),
  hasCategory: z.boolean(),
  hasCondition: z.boolean(),
  hasBrand: z.boolean(),
  hasPrice: z.boolean(),
  hasPolicies: z.boolean(),
  hasLocation: z.boolean(),
  hasConnection: z.boolean(),
});

/**
 * One channel's part of the readiness panel (each channel's `preflight`): whether its own rules could be
 * read, what it would refuse, the categories it suggests and the condition it would send, in no channel's vocabulary.
 */
export const channelPreflight = z.object({
  /** The category's rules were read from the marketplace (connected, and it answered). */
  checked: z.boolean(),
  /** Why the pre-flight did not run (null when it ran, or when the marketplace is simply not connected). */
  unavailable: z.string().nullable(),
  /**
   * Not run because the seller must connect the marketplace (again) first: `unavailable` says so in its words. Nothing
   * a retry fixes; the seller's new connection does (the autopilot checks its waiting products again then).
   */
  notConnected: z.boolean().optional(),
  problems: z.array(preflightProblem),
  /** Leaf categories for the title, when the category is missing or not a leaf. */
  categorySuggestions: z.array(z.object({ id: z.string(), name: z.string(), path: z.string() })),
  /** The marketplace condition that would be sent. */
  condition: z.object({ id: z.number().int(), label: z.string() }).nullable(),
});
export type ChannelPreflight = z.infer<typeof channelPreflight>;

/**
 * GET /api/items/:id/preflight-scores: each API channel's prediction of whether it would take the item's listing
 * (src/shared/domain/preflight-score.ts), with the reasons in the seller's words.
 */
export const channelPreflightScore = z.object({
  channel: z.enum(apiChannels),
  /** The marketplace's name as sellers know it ("eBay"). */
  name: z.string(),
  score: z.enum(PREFLIGHT_SCORES),
  reasons: z.array(z.string()),
});
export type ChannelPreflightScore = z.infer<typeof channelPreflightScore>;
export const preflightScoresResponse = z.object({ itemId: z.uuid(), channels: z.array(channelPreflightScore) });
export type PreflightScoresResponse = z.infer<typeof preflightScoresResponse>;

/**
 * GET /api/items/:id/readiness: the readiness check (errors block publishing, warnings advise, the
 * checklist and its score) and, when eBay is connected, the pre-flight against eBay's own rules for the category.
 */
export const readinessResponse = z.object({
  itemId: z.uuid(),
  isValid: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  checklist: readinessChecklist,
  /**
   * The readiness bar's percent: the checklist score (mandatory items weigh 2, optional 1), held below 90
   * (never green) while eBay's pre-flight still names a problem.
   */
  score: z.number().int().min(0).max(100),
  /** The pre-flight of the marketplace the readiness is for (`readinessFor` in marketplace-registry.ts: eBay's). */
  preflight: channelPreflight,
  /** Nothing blocks publishing: no readiness error and no pre-flight problem. */
  canPublish: z.boolean(),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

/** Bounds of one Quick Fix: a category needs a few dozen aspects at most (2,000 keys were taken). */
export const QUICK_FIX_LIMITS = { aspects: 50, aspectNameMax: 40, aspectValueMax: 50 } as const;

/**
 * Quick Fix on the eBay screen: category from the agreed list, condition from the quick-edit list, an eBay category
 * id (a suggestion), and values for the aspects eBay requires. Only what is sent changes.
 */
export const quickFixBody = z.object({
  category: z.enum(CATEGORIES).optional(),
  /**
   * Whose it is, with a category that names no department (Shoes, Accessories, Other Clothing, Unisex): the row of the
   * category table (decision 132) the review's "What it is" picked, which settles the marketplaces' categories.
   */
  department: z.enum(['Men', 'Women']).optional(),
  condition: z.enum(QUICK_EDIT_CONDITIONS).optional(),
  categoryId: text().trim().min(1).max(20).optional(),
  aspects: z
    .record(
      text(),
      text().trim().max(QUICK_FIX_LIMITS.aspectValueMax, `An aspect value is at most ${QUICK_FIX_LIMITS.aspectValueMax} characters`),
    )
    .superRefine((aspects, ctx) => {
      const names = Object.keys(aspects);
      if (names.length > QUICK_FIX_LIMITS.aspects)
        return ctx.addIssue({ code: 'custom', message: `Quick Fix takes at most ${QUICK_FIX_LIMITS.aspects} aspects at once` });
      // Checked here rather than as the record's key schema: zod names a bad key only as "Invalid key in record".
      if (names.some((name) => !name.trim())) ctx.addIssue({ code: 'custom', message: 'An aspect name is empty' });
      else if (names.some((name) => name.trim().length > QUICK_FIX_LIMITS.aspectNameMax))
        ctx.addIssue({ code: 'custom', message: `An aspect name is at most ${QUICK_FIX_LIMITS.aspectNameMax} characters` });
    })
    .optional(),
  /** The parcel's weight and size, where the seller's shipping policy calculates postage from them. */
  package: packageWeightAndSize.optional(),
});
export type QuickFixBody = z.infer<typeof quickFixBody>;
export const quickFixResponse = z.object({ itemId: z.uuid() });

/**
 * The item's readiness and its Quick Fix, which the listing screens, the autopilot's review and the marketplaces' screens
 * all read: written in no marketplace's words, as the checks behind them are the listing's (the marketplace's
 * pre-flight is part of the answer when it is connected).
 */
export const itemReadinessApi = {
  readiness: route.get(publishRoutes.readiness, {
    summary:
      "The item's readiness (errors, warnings, checklist, score) and, once connected, the marketplace's pre-flight against its rules",
    params: itemIdParams,
    response: { 200: readinessResponse },
  }),
  quickFix: route.patch(publishRoutes.quickFix, {
    summary: "Quick Fix: the item's category and condition, the marketplace's category id and the item specifics it requires",
    params: itemIdParams,
    body: quickFixBody,
    response: { 200: quickFixResponse },
  }),
};
