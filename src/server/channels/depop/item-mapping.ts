/**
 * Our item's fields in Depop's words (its Seller API document, contracts/depop): department, product type, condition,
 * colours, brand and description. Each mapping answers null where our item does not say, and the pre-flight
 * (depop-preflight.ts) then names what the seller must fill. What only Depop has (its size ids, the product type of an
 * item our categories do not tell, the national shipping price) is kept on the item's Depop listing (listing-repo.ts).
 */
import { depopColourNames } from '@shared/domain/depop-colours';

export type DepopDepartment = 'menswear' | 'womenswear' | 'kidswear' | 'everything-else';
export type DepopCondition = 'brand_new' | 'used_like_new' | 'used_excellent' | 'used_good' | 'used_fair';

/** Depop's limits the pre-flight checks (the document's descriptions and RULES.md's prose rules). */
export const depopRules = { descriptionMax: 1000, hashtagsMax: 5, photosMax: 8, coloursMax: 2, skuMax: 50 } as const;

/** Our category's department where it names one; the AI's department read otherwise (Unisex, Shoes...). */
export function departmentOf(category: string | null, extractedDepartment: string | null): DepopDepartment | null {
  if (category?.startsWith('Mens ')) return 'menswear';
  if (category?.startsWith('Womens ')) return 'womenswear';
  if (category === 'Accessories' && !extractedDepartment) return 'everything-else';
  const department = extractedDepartment?.toLowerCase() ?? '';
  if (/^(men|male|mens)\b/.test(department)) return 'menswear';
  if (/^(women|female|womens)\b/.test(department)) return 'womenswear';
  if (/^(kid|girl|boy|child)/.test(department)) return 'kidswear';
  return null;
}

// The category's product type and which types Depop sizes: one catalogue, shared with the item screen's form.
export { isSizedProductType, productTypeOf } from '@shared/contracts/depop-taxonomy';

/** Our condition (the quick edit's, or the AI's eBay grade) as Depop's. */
const CONDITIONS: Record<string, DepopCondition> = {
  new_with_tags: 'brand_new',
  new: 'brand_new',
  new_without_tags: 'used_like_new',
  'like new': 'used_like_new',
  excellent: 'used_excellent',
  good: 'used_good',
  fair: 'used_fair',
  poor: 'used_fair',
};
export const conditionOf = (condition: string | null): DepopCondition | null =>
  condition ? (CONDITIONS[condition.toLowerCase()] ?? null) : null;

/** Depop's colours (the document's enum): the ones a garment is, and multi, silver and gold. */
const DEPOP_COLOURS = new Set<string>([...depopColourNames, 'multi', 'silver', 'gold']);
const COLOUR_WORDS: Record<string, string> = {
  gray: 'grey',
  beige: 'cream',
  'off-white': 'cream',
  ivory: 'cream',
  maroon: 'burgundy',
  multicolour: 'multi',
  multicolor: 'multi',
  olive: 'khaki',
};

/** The item's colours as Depop takes them: its enum's words, at most two ("Navy / White" is navy and white). */
export function coloursOf(color: string | null): string[] {
  if (!color) return [];
  const colours = color
    .toLowerCase()
    .split(/\s*(?:\/|,|&|\band\b)\s*/)
    .map((c) => COLOUR_WORDS[c.trim()] ?? c.trim())
    .filter((c) => DEPOP_COLOURS.has(c));
  return [...new Set(colours)].slice(0, depopRules.coloursMax);
}

/** Depop has no title: the description starts with it, then our description. */
export function descriptionOf(title: string | null, description: string | null): string {
  return [title?.trim(), description?.trim()].filter(Boolean).join('\n\n');
}
