import { ebaySizeFor } from '@shared/domain/ebay-sizes';
import type { CategoryAspect } from './ebay-catalog';
import type { PreflightProblem } from './preflight';
import { aspectMeaningOf, aspectValuesOf } from '../aspect-names';
import { aspectValueInEnglish, aspectValueOn } from '../aspect-values';

/**
 * eBay's 2026 apparel size rule in the pre-flight (SIZES.md): the item's Size and Size Type mapped onto the values
 * the category lists (W32 L30 goes as eBay's 32x30, or as Size 32 and Inseam 30 where the category lists waists
 * alone), or a problem naming the field with eBay's values to choose from,
 * so nothing is sent that eBay would block or hide. Kept apart from the other required-field checks.
 */
export interface SizeCheck {
  problems: PreflightProblem[];
  /** Size and Size Type as eBay takes them, to send instead of the item's own words (empty: nothing to change). */
  aspects: Record<string, string[]>;
}

/** The item's value of an aspect, found by meaning: "Size" is "Größe" on eBay Germany (aspect-names.ts). */
const named = (aspects: Record<string, string[]>, name: string) => aspectValuesOf(aspects, name)[0] ?? null;

const listOf = (values: string[], max = 12) =>
  values.length > max ? `${values.slice(0, max).join(', ')} and ${values.length - max} more` : values.join(', ');

export const sizeMessages = {
  size: (ours: string, options: string[]) =>
    `Size "${ours}" is not one of eBay's sizes for this category: choose one of ${listOf(options)}`,
  sizeType: (ours: string, options: string[]) =>
    `Size type "${ours}" is not one eBay takes for this category: choose one of ${listOf(options)}`,
} as const;

/**
 * A category's values in eBay US's words for the size mapping (which reads English: "Regular", "One Size"), with the
 * way back to Taxonomy's own ("Normal" on eBay Germany).
 */
function inEnglish(aspectName: string, values: readonly string[]) {
  const english = values.map((value) => aspectValueInEnglish(aspectName, value));
  const back = (word: string) => values[english.indexOf(word)] ?? word;
  return { english, back };
}

export function checkApparelSize(
  listing: { aspects: Record<string, string[]>; category?: string | null },
  categoryAspects: readonly CategoryAspect[],
  marketplaceId: string | undefined = 'EBAY_US',
): SizeCheck {
  // The category's Size and Size Type under the marketplace's names ("Taille", "Type de taille" on eBay France).
  const sizeAspect = categoryAspects.find((a) => aspectMeaningOf(a.name) === 'size');
  if (!sizeAspect) return { problems: [], aspects: {} };
  const typeAspect = categoryAspects.find((a) => aspectMeaningOf(a.name) === 'sizeType');
  // The item's words and the category's values by meaning: a German seller's "Damen" and "Normal" are "Women", "Regular".
  const sizes = inEnglish('Size', sizeAspect.values);
  const sizeTypes = inEnglish('Size Type', typeAspect?.values ?? []);
  const ours = (name: string) => {
    const value = named(listing.aspects, name);
    return value === null ? null : aspectValueInEnglish(name, value);
  };
  const answer = ebaySizeFor(
    {
      size: ours('Size'),
      sizeType: ours('Size Type'),
      department: ours('Department'),
      shoes: /shoe|boot|sneaker|heel|sandal|loafer/i.test(listing.category ?? ''),
    },
    { sizes: sizes.english, sizeTypes: sizeTypes.english },
    marketplaceId,
  );
  if (!answer) return { problems: [], aspects: {} };
  if (answer.kind === 'ask') {
    const [aspect, values] = answer.field === 'Size' ? [sizeAspect, sizes] : [typeAspect!, sizeTypes];
    const options = answer.options.map(values.back);
    // In the site's words ("Normal", not "Regular"), as the options are.
    const theirs = aspectValueOn(answer.field, answer.ours, marketplaceId);
    const message = answer.field === 'Size' ? sizeMessages.size(theirs, options) : sizeMessages.sizeType(theirs, options);
    return { problems: [{ field: 'aspects', message, aspect: { name: aspect.name, allowedValues: options } }], aspects: {} };
  }
  const inseamAspect = answer.inseam ? categoryAspects.find((a) => /^inseam$/i.test(a.name.trim())) : undefined;
  return {
    problems: [],
    aspects: {
      [sizeAspect.name]: [sizes.back(answer.size)],
      ...(typeAspect && answer.sizeType ? { [typeAspect.name]: [sizeTypes.back(answer.sizeType)] } : {}),
      ...(inseamAspect && answer.inseam ? { [inseamAspect.name]: [inseamValue(answer.inseam, inseamAspect.values)] } : {}),
    },
  };
}

/** An inseam in inches in the category's own spelling ("32 in"), or so where it lists none. */
function inseamValue(inches: number, values: readonly string[]): string {
  const spellings = [`${inches} in`, `${inches}`, `${inches}"`, `${inches} in.`, `${inches} inch`, `${inches} inches`];
  const listed = spellings.map((s) => values.find((v) => v.trim().toLowerCase() === s)).find(Boolean);
  return listed ?? `${inches} in`;
}
