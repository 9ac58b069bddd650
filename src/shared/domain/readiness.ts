import { DESCRIPTION_MIN, IMAGES_MIN, TITLE_MIN } from './listing';
import { isListingOutOfDate } from './listing-inputs';

/**
 * The listing's own level of the readiness check ("listing complete"), in no marketplace's vocabulary:
 * photos, title, description, category, condition, price. Shared by the listing generator (listing_ready,
 * publish_ready_score) and every channel's screen (errors block publishing, warnings advise). Each channel adds its
 * own level (its account, its limits, its rules): eBay's is its publish folder's readiness-check.ts.
 */

/**
 * What one of the item's channel listings names it as (eBay: its category id and name, its condition grade), read
 * where the item's own category or condition is empty: the AI writes what it sees in a channel's vocabulary.
 */
export interface ListedAs {
  categoryId: string | null;
  categoryName: string | null;
  condition: string | null;
}

export interface ReadinessItem {
  title: string | null;
  description: string | null;
  imageCount: number;
  /** What the item is: the seller's category, else the one a channel's listing names (readinessItemOf). */
  category: string | null;
  /** Words naming what it is (ours and a channel's category name): the brand advice looks for "clothing" in them. */
  categoryText?: string | null;
  /** Its condition: the seller's, else the one a channel's listing names. */
  condition: string | null;
  /** The AI's brand or the seller's. */
  brand: string | null;
  /** The seller changed a field the listing was written from (isListingOutOfDate): not Ready until regenerated. */
  outOfDate?: boolean;
}

export interface ReadinessChecklist {
  hasTitle: boolean;
  hasDescription: boolean;
  hasImages: boolean;
  hasCategory: boolean;
  hasCondition: boolean;
  hasBrand: boolean;
  hasPrice: boolean;
  hasPolicies: boolean;
  hasLocation: boolean;
  hasConnection: boolean;
}

export interface ReadinessResult {
  isValid: boolean;
  errors: string[];
  warnings: string[];
  checklist: ReadinessChecklist;
}

export const readinessMessages = {
  itemNotFound: 'Item not found',
  titleRequired: `Title is required (minimum ${TITLE_MIN} characters)`,
  descriptionRequired: `Description is required (minimum ${DESCRIPTION_MIN} characters)`,
  imageRequired: `At least ${IMAGES_MIN} product image is required`,
  categoryRequired: 'Category is required',
  conditionRequired: 'Condition is required',
  outOfDate:
    'Listing out of date: the category, condition or brand changed after it was written. Regenerate it, or edit its text and save.',
  /** No marketplace takes a listing without one: publishing needs it. */
  priceRequired: 'Price is required',
  brandRecommended: 'Brand is recommended for clothing items',
} as const;

/** What the listing itself decides, without any marketplace account. */
const LISTING_MANDATORY = ['hasTitle', 'hasDescription', 'hasImages', 'hasCategory', 'hasCondition'] as const;
const LISTING_OPTIONAL = ['hasBrand'] as const;

export const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim().length > 0;

/** The listing-level rules: title, description, images, category, condition, brand. */
export function checkListing(item: ReadinessItem): ReadinessResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const title = item.title?.trim() ?? '';
  const description = item.description?.trim() ?? '';
  const hasTitle = title.length >= TITLE_MIN;
  if (!hasTitle) errors.push(readinessMessages.titleRequired);
  const hasDescription = description.length >= DESCRIPTION_MIN;
  if (!hasDescription) errors.push(readinessMessages.descriptionRequired);
  const hasImages = item.imageCount >= IMAGES_MIN;
  if (!hasImages) errors.push(readinessMessages.imageRequired);
  const hasCategory = filled(item.category);
  if (!hasCategory) errors.push(readinessMessages.categoryRequired);
  const hasCondition = filled(item.condition);
  if (!hasCondition) errors.push(readinessMessages.conditionRequired);
  if (item.outOfDate) errors.push(readinessMessages.outOfDate);
  const hasBrand = filled(item.brand);
  const categoryText = (item.categoryText ?? item.category ?? '').toLowerCase();
  if (!hasBrand && categoryText.includes('clothing')) warnings.push(readinessMessages.brandRecommended);
  return {
    isValid: errors.length === 0,
    errors,
    warnings,
    checklist: {
      hasTitle,
      hasDescription,
      hasImages,
      hasCategory,
      hasCondition,
      hasBrand,
      hasPrice: false,
      hasPolicies: false,
      hasLocation: false,
      hasConnection: false,
    },
  };
}

const hasPriceOf = (price: number | null | undefined) => typeof price === 'number' && Number.isFinite(price) && price > 0;

/**
 * What the item itself lacks for publishing: the listing's rules (checkListing) and a price. No marketplace account is
 * involved, so the API can refuse a publish of this item at once (422) instead of failing the job later.
 */
export function checkItemPublishable(item: ReadinessItem & { price?: number | null }): ReadinessResult {
  const listing = checkListing(item);
  const hasPrice = hasPriceOf(item.price);
  const errors = hasPrice ? listing.errors : [...listing.errors, readinessMessages.priceRequired];
  return { ...listing, isValid: errors.length === 0, errors, checklist: { ...listing.checklist, hasPrice } };
}

/** An item's fields as stored (seller's and AI's side by side), from which readiness reads its inputs. */
export interface ItemReadinessFields {
  aiTitle: string | null;
  aiDescription: string | null;
  imageCount: number;
  category: string | null;
  condition: string | null;
  brand: string | null;
  extractedBrand: string | null;
  /** What a channel's listing names the item as (null: none names it). */
  listedAs?: ListedAs | null;
  /** The fields the seller set by hand: a brand they typed is one the listing is written from. */
  sellerFields?: readonly string[];
  /** listingInputsFingerprint when the listing was written (null: written before fingerprints, or never). */
  aiInputsFingerprint?: string | null;
}

/**
 * The one mapping from an item's fields to the readiness inputs (server and browser): the seller's category and
 * condition, else what a channel's listing names; the AI's brand, else the seller's.
 */
export function readinessItemOf(fields: ItemReadinessFields): ReadinessItem {
  const listedAs = fields.listedAs ?? null;
  return {
    title: fields.aiTitle,
    description: fields.aiDescription,
    imageCount: fields.imageCount,
    category: filled(fields.category) ? fields.category : (listedAs?.categoryId ?? null),
    categoryText: `${fields.category ?? ''} ${listedAs?.categoryName ?? ''}`,
    condition: filled(fields.condition) ? fields.condition : (listedAs?.condition ?? null),
    brand: fields.extractedBrand ?? fields.brand,
    outOfDate: isListingOutOfDate(fields),
  };
}

/** "Listing complete": the item's own fields only, as listing_ready and its stored score read them. */
export function assessListing(fields: ItemReadinessFields): { result: ReadinessResult; listingReady: boolean; score: number } {
  const item = readinessItemOf(fields);
  const result = checkListing(item);
  // An out-of-date listing is never green: its text may say something else than the item now is.
  const score = item.outOfDate ? Math.min(listingReadyScore(result), 89) : listingReadyScore(result);
  return { result, listingReady: result.isValid, score };
}

/** A checklist's score (0..100): mandatory items weigh 2, optional items 1. */
export function weightedScore(
  checklist: ReadinessChecklist,
  mandatory: readonly (keyof ReadinessChecklist)[],
  optional: readonly (keyof ReadinessChecklist)[],
) {
  const total = mandatory.length * 2 + optional.length;
  const got = mandatory.filter((k) => checklist[k]).length * 2 + optional.filter((k) => checklist[k]).length;
  return Math.round((got / total) * 100);
}

/** The score a generated listing is stored with: the listing's own items only (no marketplace account involved). */
export function listingReadyScore(result: ReadinessResult): number {
  return weightedScore(result.checklist, LISTING_MANDATORY, LISTING_OPTIONAL);
}

export type ReadinessBarColour = 'green' | 'yellow' | 'orange' | 'red';

/** Readiness bar colour: green at 90 or more, yellow at 70, orange at 50, otherwise red. */
export function readinessBarColour(percent: number): ReadinessBarColour {
  if (percent >= 90) return 'green';
  if (percent >= 70) return 'yellow';
  if (percent >= 50) return 'orange';
  return 'red';
}
