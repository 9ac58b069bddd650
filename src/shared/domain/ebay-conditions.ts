import { conditionGradeOf, type PublishCondition } from './catalog';

/**
 * eBay's item conditions as ebay.md tabulates them for clothing (since February 2025), plus the generic ones other
 * categories (bags, accessories) take. `rank` orders them from new (0) to for parts, so a category that does not
 * take the clothing condition the seller chose gets the nearest one it does take.
 */
export interface EbayCondition {
  id: number;
  /** The inventory item's `condition` enum. */
  enum: string;
  label: string;
  rank: number;
}

export const EBAY_CONDITIONS: readonly EbayCondition[] = [
  { id: 1000, enum: 'NEW', label: 'New with tags', rank: 0 },
  { id: 1500, enum: 'NEW_OTHER', label: 'New without tags', rank: 1 },
  { id: 1750, enum: 'NEW_WITH_DEFECTS', label: 'New with imperfections', rank: 2 },
  { id: 2750, enum: 'LIKE_NEW', label: 'Like New', rank: 2.5 },
  { id: 2990, enum: 'PRE_OWNED_EXCELLENT', label: 'Pre-owned – Excellent', rank: 3 },
  { id: 4000, enum: 'USED_VERY_GOOD', label: 'Used – Very Good', rank: 3.5 },
  { id: 3000, enum: 'USED_EXCELLENT', label: 'Pre-owned – Good', rank: 4 },
  { id: 5000, enum: 'USED_GOOD', label: 'Used – Good', rank: 4.5 },
  { id: 3010, enum: 'PRE_OWNED_FAIR', label: 'Pre-owned – Fair', rank: 5 },
  { id: 6000, enum: 'USED_ACCEPTABLE', label: 'Used – Acceptable', rank: 5.5 },
  { id: 7000, enum: 'FOR_PARTS_OR_NOT_WORKING', label: 'For parts or not working', rank: 7 },
];

/** The clothing condition for each grade of the publish form (and, through conditionGradeOf, the quick edit's). */
const CLOTHING_CONDITION_ID: Record<PublishCondition, number> = {
  new: 1000,
  'like new': 1500,
  excellent: 2990,
  good: 3000,
  fair: 3010,
  // Pre-owned – Fair is the lowest clothing grade eBay has.
  poor: 3010,
};

export const ebayConditionById = (id: number) => EBAY_CONDITIONS.find((c) => c.id === id);

/**
 * The eBay condition to send for what the seller chose (a publish-form grade or a quick-edit condition). With the
 * category's allowed condition ids (Metadata API), a condition the category does not take becomes the nearest one
 * it does that claims no better than the seller said, or, when it takes only better ones, the lowest of those.
 * Null when the seller chose nothing or the category allows none we know.
 */
export function ebayConditionFor(condition: string | null | undefined, allowedIds?: readonly number[]): EbayCondition | null {
  const grade = conditionGradeOf(condition);
  const preferred = grade ? ebayConditionById(CLOTHING_CONDITION_ID[grade]) : undefined;
  if (!preferred) return null;
  if (!allowedIds || allowedIds.includes(preferred.id)) return preferred;
  const allowed = EBAY_CONDITIONS.filter((c) => allowedIds.includes(c.id)).sort((a, b) => a.rank - b.rank);
  return allowed.find((c) => c.rank >= preferred.rank) ?? allowed.at(-1) ?? null;
}
