import type { Category } from '@shared/domain/catalog';
import { COMMON_BRANDS } from '@shared/domain/common-brands';

export { COMMON_BRANDS };

/**
 * What an order's title says that the order does not (decision 154): the brand and our category of an item imported
 * from a marketplace's past sales, so "What sells" can group the seller's history by them. Only what the title names
 * plainly: a brand the seller has used or one of the common resale brands (`common-brands.ts`), as a whole word; a category from its
 * department and kind words ("Men's ... Jeans"). Anything else stays empty for the seller to fill in, never guessed.
 */

/** Lower case, accents and curly apostrophes folded, so "LEVI’S" finds "Levi's" and "Hermes" finds "Hermès". */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `phrase` stands in `title` as whole words (not inside another word), or -1. */
function wordIndex(title: string, phrase: string): number {
  const match = new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'u').exec(title);
  return match ? match.index : -1;
}

/**
 * The brand the title names: of `brands` (the seller's own first, then the common ones), the one found earliest in
 * it, the longer on a tie ("Polo Ralph Lauren" over "Ralph Lauren"); spelled as the seller or the list spells it.
 */
export function brandFromTitle(title: string | null | undefined, brands: readonly string[]): string | null {
  if (!title?.trim()) return null;
  const folded = fold(title);
  let best: { brand: string; at: number; length: number } | null = null;
  for (const brand of brands) {
    const phrase = fold(brand.trim());
    if (phrase.length < 2) continue;
    const at = wordIndex(folded, phrase);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && phrase.length > best.length)) best = { brand: brand.trim(), at, length: phrase.length };
  }
  return best?.brand ?? null;
}

type Department = 'Mens' | 'Womens';

const DEPARTMENTS: readonly [Department, RegExp][] = [
  ['Womens', /(?<![\p{L}])(women'?s?|womens|ladies'?|lady|girls'?)(?![\p{L}])/u],
  ['Mens', /(?<![\p{L}])(men'?s?|mens|gents'?|boys'?)(?![\p{L}])/u],
];

/**
 * Kind words, in the order they are tried: garments before shoes and accessories ("boot cut jeans", "cap sleeve top",
 * "paperbag trousers" are garments), a dress before a shirt ("shirt dress"), outerwear before jeans ("denim jacket").
 */
const KINDS: readonly [string, RegExp][] = [
  ['Outerwear', /\b(jacket|coat|parka|blazer|gilet|anorak|windbreaker|fleece|puffer|trench|overcoat|raincoat)\b/],
  ['Other Clothing', /\b(dress|skirt|jumpsuit|playsuit|romper|dungarees|overalls|suit)\b/],
  ['Shorts', /\b(shorts)\b/],
  ['Jeans', /\b(jeans)\b/],
  ['Pants', /\b(pants|trousers|chinos|joggers|sweatpants|leggings|cargos|slacks)\b/],
  ['Tops', /\b(t-shirt|tee|shirt|top|blouse|sweater|jumper|cardigan|hoodie|sweatshirt|polo shirt|tank top|camisole|pullover)\b/],
  ['Shoes', /\b(shoes?|trainers?|sneakers?|boots|loafers?|sandals?|heels|brogues|slides|mules|clogs)\b/],
  ['Accessories', /\b(bag|handbag|tote|backpack|purse|wallet|belt|scarf|hat|beanie|gloves|sunglasses)\b/],
];

/**
 * Our category the title names: shoes, accessories and dresses as they are; a unisex garment as Unisex; a garment with its department ("Men's Levi's 501
 * Jeans" -> Mens Jeans); a garment whose department the title does not say, none (the seller's to choose).
 */
export function categoryFromTitle(title: string | null | undefined): Category | null {
  if (!title?.trim()) return null;
  const folded = fold(title);
  const kind = KINDS.find(([, words]) => words.test(folded))?.[0];
  if (!kind) return null;
  if (kind === 'Shoes' || kind === 'Accessories' || kind === 'Other Clothing') return kind;
  if (/\bunisex\b/.test(folded)) return 'Unisex';
  const department = DEPARTMENTS.find(([, words]) => words.test(folded))?.[0];
  return department ? (`${department} ${kind}` as Category) : null;
}
