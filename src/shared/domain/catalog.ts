/** The fixed lists, shared by the server, the AI prompt and the browser. Pure: no imports. */

export const CATEGORIES = [
  'Mens Jeans',
  'Mens Pants',
  'Mens Shorts',
  'Mens Tops',
  'Mens Outerwear',
  'Womens Jeans',
  'Womens Pants',
  'Womens Shorts',
  'Womens Tops',
  'Womens Outerwear',
  'Unisex',
  'Accessories',
  'Shoes',
  'Other Clothing',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The one condition list a seller chooses from, everywhere (quick edit, Quick Fix, Publish Settings): stored on the
 * item as chosen, and mapped per channel (eBay: conditionGradeOf, then ebayConditionFor). Two lists.
 */
export const QUICK_EDIT_CONDITIONS = ['new_with_tags', 'new_without_tags', 'excellent', 'good', 'fair'] as const;
export type QuickEditCondition = (typeof QUICK_EDIT_CONDITIONS)[number];

/** eBay's condition grades as the item stores them (the AI's grade); never a list the seller chooses from. */
export const PUBLISH_CONDITIONS = ['new', 'like new', 'excellent', 'good', 'fair', 'poor'] as const;
export type PublishCondition = (typeof PUBLISH_CONDITIONS)[number];

export const SIZE_TYPES = ['Regular', 'Petite', 'Plus', 'Big & Tall', 'Maternity'] as const;
export type SizeType = (typeof SIZE_TYPES)[number];

export const STYLES = [
  'Relaxed',
  'Regular Fit',
  'Slim',
  'Skinny',
  'Straight',
  'Bootcut',
  'Tapered',
  'Loose',
  'Athletic',
  'Carpenter',
  'Cargo',
] as const;

/** Item specifics with a fixed list of values; Material is free entry. */
export const ITEM_SPECIFIC_OPTIONS = {
  'Sleeve Length': ['Short Sleeve', 'Long Sleeve', 'Sleeveless', '3/4 Sleeve', 'Cap Sleeve'],
  'Fit Type': ['Regular', 'Slim', 'Relaxed', 'Athletic', 'Oversized'],
  Pattern: ['Solid', 'Striped', 'Plaid', 'Checkered', 'Graphic Print', 'Logo', 'Floral'],
  'Collar Style': ['Crew Neck', 'V-Neck', 'Button Down', 'Polo', 'Henley', 'Turtleneck'],
  Season: ['All Seasons', 'Spring', 'Summer', 'Fall', 'Winter'],
} as const;

/** Every key of the publish form's item specifics, in the agreed order. */
export const ITEM_SPECIFIC_KEYS = ['Sleeve Length', 'Fit Type', 'Material', 'Pattern', 'Collar Style', 'Season'] as const;
export type ItemSpecificKey = (typeof ITEM_SPECIFIC_KEYS)[number];

export const DEFAULT_QUANTITY = 1;
export const DEFAULT_CONDITION: PublishCondition = 'good';
export const DEFAULT_SIZE_TYPE: SizeType = 'Regular';

/** What a category's last step names: footwear and accessories, bottoms, or tops (eBay's leaf names and ours). */
const NO_FIT_CATEGORY = /shoe|sneaker|boot|sandal|heel|loafer|accessor|bag|handbag|hat|cap\b|belt|scar(f|ves)|jewel|wallet|watch|sunglass/;
const BOTTOMS_CATEGORY = /jean|pant|trouser|short|skirt|legging|chino|jogger/;
const TOPS_CATEGORY = /top|shirt|blouse|sweater|hoodie|sweatshirt|polo|tee\b|outerwear|coat|jacket|vest|cardigan|blazer|dress|jumper/;

/**
 * The item specifics a category has (keys of ITEM_SPECIFIC_KEYS): our category or eBay's (a path or its last steps,
 * "Men's Clothing > Jeans"), read by its last step. Jeans take no Sleeve Length or Collar Style.
 */
export function itemSpecificKeysFor(category: string | null | undefined): ItemSpecificKey[] {
  const leaf = (category ?? '').split('>').at(-1)?.trim().toLowerCase() ?? '';
  if (NO_FIT_CATEGORY.test(leaf)) return ['Material', 'Pattern', 'Season'];
  if (BOTTOMS_CATEGORY.test(leaf)) return ['Fit Type', 'Material', 'Pattern', 'Season'];
  if (TOPS_CATEGORY.test(leaf)) return ['Sleeve Length', 'Fit Type', 'Material', 'Pattern', 'Collar Style', 'Season'];
  return ['Fit Type', 'Material', 'Pattern', 'Season'];
}

/** The department a category implies, or null when it does not say. */
export function departmentOf(category: string | null | undefined): 'Men' | 'Women' | 'Unisex' | null {
  const c = (category ?? '').toLowerCase();
  if (c.startsWith('mens')) return 'Men';
  if (c.startsWith('womens')) return 'Women';
  if (c === 'unisex') return 'Unisex';
  return null;
}

/** Quick-edit condition as words: new_with_tags -> "New with tags". */
export function conditionLabel(condition: string | null | undefined): string {
  if (!condition) return '';
  const words = condition.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The eBay condition grade closest to what the seller chose in the quick edit. */
export function conditionGradeOf(condition: string | null | undefined): PublishCondition | null {
  switch ((condition ?? '').toLowerCase().replace(/[\s-]+/g, '_')) {
    case 'new_with_tags':
      return 'new';
    case 'new_without_tags':
    case 'like_new':
      return 'like new';
    case 'excellent':
      return 'excellent';
    case 'good':
      return 'good';
    case 'fair':
      return 'fair';
    case 'poor':
      return 'poor';
    case 'new':
      return 'new';
    default:
      return null;
  }
}

/** The seller's condition a grade stands for (the one list's entry eBay maps to the same condition). */
const conditionOfGrade: Record<PublishCondition, QuickEditCondition> = {
  new: 'new_with_tags',
  'like new': 'new_without_tags',
  excellent: 'excellent',
  good: 'good',
  fair: 'fair',
  // eBay's lowest clothing grade is Pre-owned – Fair for both.
  poor: 'fair',
};

/** A condition of the one list for a stored condition or grade ("like new" -> new_without_tags), or null. */
export function sellerConditionOf(value: string | null | undefined): QuickEditCondition | null {
  const own = QUICK_EDIT_CONDITIONS.find((c) => c === value?.trim().toLowerCase());
  if (own) return own;
  const grade = conditionGradeOf(value);
  return grade ? conditionOfGrade[grade] : null;
}
