import { z } from 'zod';
import { CATEGORIES } from '../domain/catalog';
import { apiChannels } from '../domain/channel-listing';
import { moneyInputSchema, moneySchema } from './money';
import { itemIdParams } from './items';
import { pathsOf } from './route-paths';
import { route } from './route-table';

/**
 * Autopilot, "Publish when ready" (decision 053): each product on it moves on by itself, uploaded ->
 * listing written -> preflight green on each chosen channel -> published; anything not green waits in the review
 * queue with its reasons until the seller's Quick Fix. The default applies to every new product; a batch (one
 * product, or many from the select bar) can be put on it with its own channels and price rule.
 */
export const autopilotRoutes = {
  /** GET, PUT: the default for new products. */
  settings: '/api/autopilot/settings',
  /** GET: the current run's summary, its review queue and its failures. */
  run: '/api/autopilot',
  /** POST { action }: pause, resume or stop. */
  control: '/api/autopilot/control',
  /** POST: put products (batches) on autopilot with their channels and price rule. */
  items: '/api/autopilot/items',
  /** POST: after a Quick Fix (or with the seller's own price), check the product again and go on. */
  continue: '/api/autopilot/items/:id/continue',
  /** DELETE: take one product off autopilot (it stays as it is). */
  item: '/api/autopilot/items/:id',
  /** GET ?category=: what each chosen channel would ask of the product were it that category (the review's one form). */
  asks: '/api/autopilot/items/:id/asks',
} as const;

export const autopilotPaths = pathsOf(autopilotRoutes);

/** What the price is: the AI's, or the median of eBay's comparables minus or plus a percent. */
export const autopilotPriceBases = ['ai', 'comparables'] as const;
export type AutopilotPriceBasis = (typeof autopilotPriceBases)[number];

export const autopilotLimits = { minPercent: -50, maxPercent: 100 } as const;

/** The channels and price rule a product is published with. */
export const autopilotRule = z.object({
  channels: z
    .array(z.enum(apiChannels))
    .min(1, 'Choose at least one marketplace')
    .max(apiChannels.length)
    .refine((picked) => new Set(picked).size === picked.length, 'Each marketplace once'),
  priceBasis: z.enum(autopilotPriceBases),
  /** With the comparables: the median minus or plus this percent. */
  percent: z.number().int().min(autopilotLimits.minPercent).max(autopilotLimits.maxPercent),
  /** No listing goes out under it by itself: it waits in review. Null: no floor. */
  floor: moneyInputSchema.nullable(),
});
export type AutopilotRule = z.infer<typeof autopilotRule>;

/** The default: new products join the autopilot with this rule when `enabled`. */
export const autopilotSettingsBody = autopilotRule.extend({
  enabled: z.boolean(),
  /** A product whose profit is unknown (no cost entered) waits in review instead of going out (decision 121). */
  holdWithoutCost: z.boolean().optional(),
});
export type AutopilotSettingsBody = z.infer<typeof autopilotSettingsBody>;
export const autopilotSettingsResponse = autopilotSettingsBody;

/** POST /api/autopilot/items: these products (1 to 500) on autopilot with this rule. */
export const autopilotItemsBody = z.object({ itemIds: z.array(z.uuid()).min(1).max(500), rule: autopilotRule });
export type AutopilotItemsBody = z.infer<typeof autopilotItemsBody>;
export const autopilotItemsResponse = z.object({
  added: z.array(z.uuid()),
  /** Products that cannot go on autopilot (sold, already live everywhere chosen), with the reason. */
  refused: z.array(z.object({ itemId: z.uuid(), sku: z.string(), message: z.string() })),
});

export const autopilotControlBody = z.object({ action: z.enum(['pause', 'resume', 'stop']) });
export type AutopilotControlBody = z.infer<typeof autopilotControlBody>;

/**
 * POST .../continue: optionally the seller's own price for the item (their asking price: over the rule, and under the
 * profit floor only once confirmed), above 0 and in the item's currency (another is a 400).
 */
export const autopilotContinueBody = z.object({
  price: moneyInputSchema.refine((price) => price.amountMinor > 0, 'A price is above 0').optional(),
  /** The seller keeps their price where it is under the profit floor (the review said what it would lose). */
  confirmUnderFloor: z.boolean().optional(),
  /** Marketplaces the seller leaves this product off (one that will not take it): it goes on to the others. */
  withoutChannels: z.array(z.enum(apiChannels)).min(1).max(apiChannels.length).optional(),
});
export type AutopilotContinueBody = z.infer<typeof autopilotContinueBody>;

/**
 * Where a product is: its upload is coming in, its listing is being written, it is being checked (price and each
 * channel's preflight), it is being published, it waits for the seller, it failed, or the seller stopped it.
 * Live is not stored: a product publishing whose every chosen channel is live is live.
 */
export const autopilotStages = ['uploading', 'writing', 'checking', 'publishing', 'review', 'failed', 'stopped'] as const;
export type AutopilotStage = (typeof autopilotStages)[number];
export const autopilotStatuses = ['moving', 'live', 'review', 'failed', 'stopped'] as const;

export const autopilotStates = ['running', 'paused'] as const;
export type AutopilotState = (typeof autopilotStates)[number];

/** Why a product waits for the seller. */
export const autopilotReasonCodes = [
  /** An item specific a channel requires is missing. */
  'aspect',
  /** A value (Size...) that is not one of the channel's own. */
  'value',
  'category',
  'condition',
  /** No comparables found (the price rule needs them). */
  'no-comparables',
  /** No price to go by (the offline writer prices nothing). */
  'no-price',
  /** The price fails the profit floor on a channel (decision 086), or the seller's own floor price on the rule. */
  'under-floor',
  /** The seller's own price is under their profit floor: it goes out once they confirm it (decision 121). */
  'confirm-price',
  /** No cost entered, and the seller asked to hold products whose profit is unknown (decision 121). */
  'no-cost',
  /** Anything else a channel refuses, in its words. */
  'refused',
] as const;
export const autopilotReason = z.object({
  code: z.enum(autopilotReasonCodes),
  /** The channel that refuses; null for the price. */
  channel: z.enum(apiChannels).nullable(),
  message: z.string(),
  /** For an aspect or a value: its name and the values the channel takes (empty: any text). */
  aspect: z.object({ name: z.string(), allowedValues: z.array(z.string()) }).optional(),
});
export type AutopilotReason = z.infer<typeof autopilotReason>;

/** GET .../asks: the product supposed to be this category (what the seller picks in "What it is"). */
export const autopilotAsksQuery = z.object({ category: z.enum(CATEGORIES), department: z.enum(['Men', 'Women']).optional() });
/** What each chosen channel would still ask of it then: the item specifics its category requires, and the rest. */
export const autopilotAsksResponse = z.object({ reasons: z.array(autopilotReason) });
export type AutopilotAsksResponse = z.infer<typeof autopilotAsksResponse>;

/** A fact read from the product's photos (a label's brand, size, composition; the garment's colour), with where: the seller checks it. */
export const autopilotReadFact = z.object({
  attribute: z.enum(['brand', 'size', 'color', 'material']),
  value: z.string(),
  /** The photo it was read on, from 0 in the product's order. */
  photo: z.number().int().min(0),
  /** What was read there: 'Read on the label: "LEVI'S"', or the colour seen: "Denim, 92% of the garment". */
  note: z.string(),
  /** The label's line cut out of the photo (decision 171), or the colour's photo: a signed URL of the seller's file. */
  cropUrl: z.string().optional(),
  /** A colour read from the pixels: the swatch of the colour named, "#4a6a94". */
  swatch: z.string().optional(),
});
export type AutopilotReadFact = z.infer<typeof autopilotReadFact>;

/**
 * A fact the label read offline and the cloud AI answered differently (decision 171): neither is filled, the review
 * asks it, showing both for the seller to pick.
 */
export const autopilotDisputedFact = z.object({
  attribute: z.enum(['brand', 'size']),
  /** What the label says, on which photo, its line cut out (a signed URL). */
  label: z.string(),
  photo: z.number().int().min(0),
  cropUrl: z.string().optional(),
  /** What the AI said. */
  ai: z.string(),
});
export type AutopilotDisputedFact = z.infer<typeof autopilotDisputedFact>;

export const autopilotItem = z.object({
  itemId: z.uuid(),
  sku: z.string(),
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** What the seller said it is (Mens Jeans) and its condition: the review asks for them when they are missing. */
  category: z.string().nullable(),
  condition: z.string().nullable(),
  status: z.enum(autopilotStatuses),
  stage: z.enum(autopilotStages),
  channels: z.array(z.enum(apiChannels)),
  reasons: z.array(autopilotReason),
  /** What was read from its photos (decision 165), so the review never asks it and the seller sees where it came from. */
  read: z.array(autopilotReadFact),
  /** What the label and the cloud AI disagree on: asked, both shown. */
  disputed: z.array(autopilotDisputedFact),
  /** The price the rule gave (or the seller's own), and what it was based on. */
  price: moneySchema.nullable(),
  priceBasis: z.string().nullable(),
  floor: moneySchema.nullable(),
  /** The product's own currency (ISO 4217): a price the seller types for it is in it. */
  currency: z.string(),
  error: z.string().nullable(),
  /** The product's last change (the comparables beside its price are read again after one). */
  updatedAt: z.string(),
});
export type AutopilotItem = z.infer<typeof autopilotItem>;

export const autopilotCounts = z.object({
  total: z.number().int(),
  live: z.number().int(),
  /** Waiting for the seller: the review queue. */
  waiting: z.number().int(),
  failed: z.number().int(),
  /** Still moving by itself. */
  moving: z.number().int(),
});
export type AutopilotCounts = z.infer<typeof autopilotCounts>;

/** GET /api/autopilot: the current run (null when the seller never ran one). */
export const autopilotRunResponse = z.object({
  state: z.enum(autopilotStates),
  settings: autopilotSettingsResponse,
  run: z
    .object({
      runId: z.uuid(),
      startedAt: z.string(),
      /** Every product is live, waiting or failed. */
      finished: z.boolean(),
      counts: autopilotCounts,
      /** The review queue: products waiting for the seller, oldest first. */
      review: z.array(autopilotItem),
      failed: z.array(autopilotItem),
      /** Products still moving, with their stage (at most 100). */
      moving: z.array(autopilotItem),
    })
    .nullable(),
});
export type AutopilotRunResponse = z.infer<typeof autopilotRunResponse>;

/** "38 live, 9 waiting for you, 3 failed": the parts with a count, in that order; "Nothing yet" when none. */
export function describeAutopilotCounts(counts: Pick<AutopilotCounts, 'live' | 'waiting' | 'failed'>): string {
  const parts = [
    counts.live ? `${counts.live} live` : '',
    counts.waiting ? `${counts.waiting} waiting for you` : '',
    counts.failed ? `${counts.failed} failed` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Nothing live yet';
}

/** Autopilot's routes (decision 054). */
export const autopilotApi = {
  settings: route.get(autopilotRoutes.settings, {
    summary: 'The autopilot’s default for new products',
    response: { 200: autopilotSettingsResponse },
  }),
  saveSettings: route.put(autopilotRoutes.settings, {
    summary: 'Sets the default: new products go on autopilot with these channels and this price rule when enabled',
    body: autopilotSettingsBody,
    response: { 200: autopilotSettingsResponse },
  }),
  run: route.get(autopilotRoutes.run, {
    summary: 'The current run: live, waiting for you, failed and moving, with the review queue',
    response: { 200: autopilotRunResponse },
  }),
  control: route.post(autopilotRoutes.control, {
    summary: 'Pauses, resumes or stops the autopilot',
    body: autopilotControlBody,
    response: { 204: z.null() },
  }),
  addItems: route.post(autopilotRoutes.items, {
    summary: 'Puts products on autopilot with their channels and price rule',
    body: autopilotItemsBody,
    response: { 200: autopilotItemsResponse },
  }),
  continueItem: route.post(autopilotRoutes.continue, {
    summary: 'After a Quick Fix (or with the seller’s own price): the product is checked again and goes on',
    params: itemIdParams,
    body: autopilotContinueBody,
    response: { 204: z.null() },
  }),
  asks: route.get(autopilotRoutes.asks, {
    summary: 'What each chosen marketplace would ask of the product were it of this category (nothing is saved)',
    params: itemIdParams,
    querystring: autopilotAsksQuery,
    response: { 200: autopilotAsksResponse },
  }),
  removeItem: route.delete(autopilotRoutes.item, {
    summary: 'Takes one product off autopilot',
    params: itemIdParams,
    response: { 204: z.null() },
  }),
};
