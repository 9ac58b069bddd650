import { z } from 'zod';
import { draftMarketplace } from '../contracts/marketplace-registry';
import { PUBLISH_CONDITIONS } from './catalog';

/** Generation limits. */
export const GENERATION_LIMITS = {
  /** Per-request time-out. */
  timeoutMs: 150_000,
  /** Rate-limit answers are retried this many times, then the item fails. */
  rateLimitRetries: 3,
  /** Wait when the provider does not say how long. */
  defaultRateLimitWaitSeconds: 60,
  /** Added to the provider's stated wait. */
  rateLimitExtraSeconds: 2,
  /** Photos sent to the AI, in order. */
  maxImages: 12,
  /** The spec's fixed request spacing, kept only as the baseline the benchmark prints. */
  legacySpacingSeconds: 6,
} as const;

export const TITLE_MIN = 10;
export const TITLE_MAX = 80;
export const DESCRIPTION_MIN = 50;
export const IMAGES_MIN = 1;
export const IMAGES_MAX = 12;

/** The texts for generation, edit and delete, word for word. */
export const listingMessages = {
  generateFailed: 'Failed to generate listing',
  generateFailedWith: (message: string) => `Failed to generate listing: ${message}`,
  timedOut: 'Request timed out after 2.5 minutes',
  rateLimitRetrying: (seconds: number) => `Rate limit - retrying in ${seconds}s...`,
  batchComplete: (succeeded: number, failed: number) =>
    `Batch complete: ${succeeded} succeeded, ${failed} failed. Check failed items for details.`,
  batchSucceeded: (count: number) => `Successfully generated ${count} listings!`,
  saveFailed: 'Failed to save changes',
  deleteManyConfirm: (count: number) => `Are you sure you want to delete ${count} listings? This action cannot be undone.`,
  deleteManySucceeded: (count: number) => `Successfully deleted ${count} listings.`,
  deleteManyFailed: 'Failed to delete listings.',
  deleteOneConfirm: 'Are you sure you want to delete this listing? This action cannot be undone.',
  deleteOneSucceeded: 'Listing deleted successfully',
  deleteOneFailed: 'Failed to delete listing.',
  regenerateConfirm: 'Are you sure you want to regenerate this listing? The current content will be replaced.',
  regenerateSucceeded: 'Listing regenerated successfully!',
  regenerateFailed: (reason: string) => `Failed to regenerate: ${reason}`,
  basicDraftNote: 'Basic draft — connect an AI provider for full listings',
  interrupted: 'Generation was interrupted. Please try again.',
  itemUpdated: 'Item updated successfully!',
  itemUpdateFailed: 'Failed to update item.',
} as const;

/** The attributes the AI extracts, each with its evidence. */
export const EXTRACTED_ATTRIBUTES = ['brand', 'size', 'color', 'material', 'style', 'fit', 'department', 'sizeType'] as const;
export type ExtractedAttribute = (typeof EXTRACTED_ATTRIBUTES)[number];

const share = z.number().min(0).max(1);
/** A rectangle on a photo in shares of its width and height: the same on the photo at any size. */
export const photoBoxSchema = z.object({ x: share, y: share, width: share, height: share });

export const evidenceSchema = z
  .object({
    /** seller: the seller entered it (the offline draft repeats what it was given). */
    source: z.enum(['photo', 'inferred', 'seller']),
    /** Position of the photo (from 0, in the item's order) the value was read from. */
    photo: z
      .number()
      .int()
      .min(0)
      .max(IMAGES_MAX - 1)
      .optional(),
    /** What shows it: "care label", "size tag", "measuring tape across the chest"... */
    note: z.string().trim().max(300),
    /** Where on the photo it was read, in shares of the photo (0-1, from its top left): the label's line. */
    box: photoBoxSchema.optional(),
    /** The stored crop of that box (`{userId}/{itemId}/evidence-...`), cut beside the photos when the listing is written. */
    crop: z.string().max(300).optional(),
    /** A colour read from the pixels: the named colour's swatch ("#4a6a94") and its share of the garment (0-1). */
    swatch: z
      .string()
      .regex(/^#[0-9a-f]{6}$/)
      .optional(),
    share: z.number().min(0).max(1).optional(),
    /** A label read offline and a cloud AI said different values: neither is filled, the seller picks (decision 171). */
    disagreement: z.object({ label: z.string().max(120), ai: z.string().max(120) }).optional(),
  })
  .refine((e) => e.source !== 'photo' || e.photo !== undefined, { message: 'photo evidence must name the photo' });
export type Evidence = z.infer<typeof evidenceSchema>;

/** camelCase measurement names: pitToPit, length, sleeveLength, waist, inseam, rise. */
export const measurementKey = z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/, 'measurement names are camelCase');

const attributeText = z.string().trim().min(1).max(120).nullable();

/** What a generation produces; anything else is a failed generation, never a half-written item. */
export const listingDraftSchema = z.object({
  title: z.string().trim().min(TITLE_MIN).max(TITLE_MAX),
  description: z.string().trim().min(DESCRIPTION_MIN).max(8000),
  tags: z.array(z.string().trim().min(1).max(60)).max(30),
  conditionNotes: z.string().trim().max(2000),
  measurements: z.record(measurementKey, z.string().trim().min(1).max(40)),
  /** In the item's currency (the request's `pricing`); null when nothing gives a basis for a price (the pricing notes say so). Rounded once, where stored. */
  suggestedPrice: z.number().positive().max(100_000).nullable(),
  pricingNotes: z.string().trim().max(2000),
  /** The category and grade are the draft's marketplace's (`draftMarketplace`, decision 177), in its ids. */
  ebayCategoryId: z.string().regex(draftMarketplace.categoryId.pattern, draftMarketplace.categoryId.mismatch).nullable(),
  ebayCategoryName: z.string().trim().max(300).nullable(),
  categoryConfidence: z.number().min(0).max(1),
  /** Null when neither the seller nor the photos say what condition the item is in. */
  ebayConditionGrade: z.enum(PUBLISH_CONDITIONS).nullable(),
  extracted: z.object({
    brand: attributeText,
    size: attributeText,
    color: attributeText,
    material: attributeText,
    style: attributeText,
    fit: attributeText,
    department: attributeText,
    sizeType: attributeText,
  }),
  itemSpecifics: z.record(z.string().trim().min(1).max(60), z.string().trim().min(1).max(120)),
  evidence: z.partialRecord(z.enum(EXTRACTED_ATTRIBUTES), evidenceSchema),
});
export type ListingDraft = z.infer<typeof listingDraftSchema>;
export type ListingDraftInput = z.input<typeof listingDraftSchema>;

/** Inline editing's tags: split on commas, trimmed, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

/** A camelCase key as spaced words for display: pitToPit -> "Pit To Pit", sleeveLength -> "Sleeve Length". */
export function camelCaseToWords(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return spaced.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}
