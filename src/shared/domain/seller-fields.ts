import { draftMarketplace } from '../contracts/marketplace-registry';
import { listingMessages } from './listing';
import { inWords } from './in-words';

/**
 * The listing's fields a seller can set by hand: what they set is theirs, and a generation writes only the
 * others, so Regenerate never overwrites a typed title, brand or size. Item specifics count one by one, as
 * `aspect:<name>`. category and condition are the listing's marketplace category and condition grade (the item's own
 * category, condition and brand are the seller's always, and the AI only reads them).
 */
export const SELLER_FIELDS = [
  'title',
  'description',
  'tags',
  'brand',
  'size',
  'sizeType',
  'color',
  'material',
  'style',
  'fit',
  'department',
  'category',
  'condition',
] as const;
export type SellerField = (typeof SELLER_FIELDS)[number];

const ASPECT = 'aspect:';

/** The seller-field name of one item specific. */
export const aspectField = (name: string) => `${ASPECT}${name}`;

/** The item specifics the seller set, by name. */
export const sellerAspects = (fields: readonly string[]) => fields.filter((f) => f.startsWith(ASPECT)).map((f) => f.slice(ASPECT.length));

/** The extracted-attribute columns as seller fields (the columns a form or Quick Fix writes). */
export const sellerFieldOfAttribute = {
  extractedBrand: 'brand',
  extractedSize: 'size',
  extractedSizeType: 'sizeType',
  extractedColor: 'color',
  extractedMaterial: 'material',
  extractedStyle: 'style',
  extractedFit: 'fit',
  extractedDepartment: 'department',
} as const satisfies Record<string, SellerField>;

/** How the confirmation names each field, in the order it lists them. */
const fieldLabels: Record<SellerField, string> = {
  title: 'title',
  description: 'description',
  tags: 'tags',
  brand: 'brand',
  size: 'size',
  sizeType: 'size type',
  color: 'colour',
  material: 'material',
  style: 'style',
  fit: 'fit',
  department: 'department',
  // The listing's category is its marketplace's: "eBay category".
  category: `${draftMarketplace.name} category`,
  condition: 'condition grade',
};

/** Always written by a generation: the seller has no field of their own for these (their price is kept apart). */
const alwaysRewritten = ['condition notes', 'measurements', 'suggested price and pricing notes'];

export interface RegenerationPlan {
  /** What the generation will write, in words. */
  replaced: string[];
  /** What the seller set, kept as it is, in words. */
  kept: string[];
}

/** What a Regenerate of a listing with these seller fields rewrites and keeps (the seller's price is always kept). */
export function regenerationPlan(sellerFields: readonly string[], sellerPrice: boolean): RegenerationPlan {
  const set = new Set(sellerFields);
  const aspects = sellerAspects(sellerFields);
  const replaced = SELLER_FIELDS.filter((f) => !set.has(f)).map((f) => fieldLabels[f]);
  replaced.push(aspects.length ? 'the other item specifics' : 'item specifics', ...alwaysRewritten);
  const kept = SELLER_FIELDS.filter((f) => set.has(f)).map((f) => fieldLabels[f]);
  kept.push(...aspects);
  if (sellerPrice) kept.push('price');
  return { replaced, kept };
}

const regenerateQuestion = 'Are you sure you want to regenerate this listing?';

const listed = (words: string[]) => inWords(words);

/**
 * The Regenerate confirmation: the question (its "current content will be replaced" only when nothing is
 * kept), then what the AI will rewrite by name and which of the seller's own fields are kept.
 */
export function regenerateConfirmText(plan: RegenerationPlan): string {
  if (!plan.kept.length) return `${listingMessages.regenerateConfirm} It rewrites the ${listed(plan.replaced)}.`;
  return `${regenerateQuestion} It rewrites the ${listed(plan.replaced)}. Kept as you set them: ${listed(plan.kept)}.`;
}
