import { skuProblem } from '@shared/domain/sku';
import { ebayConditionById, ebayConditionFor, type EbayCondition } from '@shared/domain/ebay-conditions';
import type { CategoryAspect, CategorySuggestion, EbayCatalog } from './ebay-catalog';
import { checkApparelSize } from './size-check';
import { filledAspects } from './aspect-fills';
import { aspectsOwnedByRules, ebayPreflightRules } from './preflight-rules';
import { aspectValues, type PreflightListing, type PreflightProblem, type SellerPolicies } from './preflight-rules/rule';
import { productSafetyProblems } from '../product-safety/product-safety-preflight';
import { aspectMeaningOf, sameAspect } from '../aspect-names';
import { sameAspectValue } from '../aspect-values';

import { inScreenWords } from './screen-words';
export type { PreflightField, PreflightListing, PreflightProblem, SellerPolicies } from './preflight-rules/rule';

/**
 * Pre-flight against eBay's own rules, before the seller taps Publish: the contract's limits (ebay.md, Inventory
 * API), and, when the category is known, whether it is a leaf, its required aspects and the conditions it allows.
 * What eBay would refuse at publish time (25002 missing aspect, 25021 condition, 25005 not a leaf) becomes a fix
 * list naming the field and the values eBay takes.
 */

export const EBAY_LIMITS = {
  sku: 50,
  title: 80,
  description: 4000,
  aspectName: 40,
  aspectValue: 50,
  images: 24,
} as const;

/** The seller's category in words eBay's suggestions know: "Mens Tops" is "Men's Top". */
function categoryWords(category: string): string {
  return category
    .trim()
    .replace(/^Mens\b/i, "Men's")
    .replace(/^Womens\b/i, "Women's")
    .replace(/\bTops$/i, 'Top');
}

/**
 * What eBay's category suggestions are asked for: the seller's brand and category when there is a category (a
 * listing written before the seller set them may still say "Black Clothing or Accessory"), else the title.
 */
export function suggestionQueryOf(listing: Pick<PreflightListing, 'title' | 'category' | 'brand'>): string {
  const category = listing.category?.trim();
  if (category && category !== 'Other Clothing') {
    return [listing.brand?.trim(), categoryWords(category)].filter(Boolean).join(' ');
  }
  return listing.title?.trim() ?? '';
}

export interface PreflightResult {
  problems: PreflightProblem[];
  /** The condition that will be sent, after mapping onto what the category allows. */
  condition: EbayCondition | null;
  /** eBay's leaf categories for the item (its brand and category, else its title), whether or not one is set. */
  categorySuggestions: CategorySuggestion[];
  /** The names of the item specifics the category has (empty: not known): only these are sent to eBay. */
  categoryAspects: string[];
  /** Size and Size Type in eBay's standard values (size-check.ts), and selection-only values in Taxonomy's spelling, sent in place of the item's words. */
  normalisedAspects?: Record<string, string[]>;
}

/** The limits of the Inventory API's contract: no eBay call needed. */
export function checkContractLimits(listing: PreflightListing): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  // Items saved before SKUs were checked as typed may hold one eBay refuses (25707): the same rule as typing.
  const skuRefused = skuProblem(listing.sku);
  if (skuRefused) problems.push({ field: 'sku', message: skuRefused });
  const title = listing.title?.trim() ?? '';
  if (title.length > EBAY_LIMITS.title) {
    problems.push({ field: 'title', message: `Title is ${title.length} characters; eBay takes at most ${EBAY_LIMITS.title}` });
  }
  const description = listing.description?.trim() ?? '';
  if (description.length > EBAY_LIMITS.description) {
    problems.push({
      field: 'description',
      message: `Description is ${description.length} characters; eBay takes at most ${EBAY_LIMITS.description}`,
    });
  }
  if (listing.imageCount < 1) problems.push({ field: 'images', message: 'eBay needs at least 1 photo' });
  if (listing.imageCount > EBAY_LIMITS.images) {
    problems.push({ field: 'images', message: `${listing.imageCount} photos; eBay takes at most ${EBAY_LIMITS.images}` });
  }
  for (const [name, values] of Object.entries(listing.aspects)) {
    if (name.length > EBAY_LIMITS.aspectName) {
      problems.push({ field: 'aspects', message: `Item specific name "${name}" is longer than ${EBAY_LIMITS.aspectName} characters` });
    }
    for (const value of values.filter((v) => v.length > EBAY_LIMITS.aspectValue)) {
      problems.push({
        field: 'aspects',
        message: `${name}: "${value}" is longer than ${EBAY_LIMITS.aspectValue} characters`,
        aspect: { name, allowedValues: [] },
      });
    }
  }
  return problems;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Size and Size Type in any marketplace's language ("Größe", "Taille"): mapped by size-check.ts, not listed here. */
const isSizeAspect = (name: string) => ['size', 'sizeType'].includes(aspectMeaningOf(name) ?? '');

const listOf = (values: string[], max = 12) =>
  values.length > max ? `${values.slice(0, max).join(', ')} and ${values.length - max} more` : values.join(', ');

/**
 * The whole pre-flight: contract limits, the category's rules from eBay, then every rule of preflight-rules/ (brand
 * and MPN, package, policies, ...), and the EU product safety details on eBay's EU and UK marketplaces. `seller`: the
 * seller's policies as eBay holds them; null skips the rules on them.
 */
export async function preflight(
  asGiven: PreflightListing,
  catalog: EbayCatalog,
  seller: SellerPolicies | null = null,
): Promise<PreflightResult> {
  // What the category leaves one answer to is filled, never asked (aspect-fills.ts), once its aspects are known.
  let listing = asGiven;
  const problems = [...checkContractLimits(listing), ...productSafetyProblems(listing.productSafety)];
  const ruleProblems = (aspects: CategoryAspect[] | null) => ebayPreflightRules.flatMap((rule) => rule({ listing, aspects, seller }));
  let condition = ebayConditionFor(listing.condition);
  // eBay's suggestions for the item are offered whether or not a category is set: a men's polo comes with its
  // default category, Men's T-Shirts (decision 066), and the seller still sees Men's Polos. They are asked for once
  // per query and kept a day by the catalogue, alongside the category's own calls.
  const query = suggestionQueryOf(listing);
  const suggestions: Promise<CategorySuggestion[]> = query ? catalog.suggestions(query) : Promise.resolve([]);
  // Beside a category already set they are extras: eBay failing to suggest does not fail the check.
  const extraSuggestions = () => suggestions.catch((): CategorySuggestion[] => []);
  suggestions.catch(() => undefined); // awaited below on every path; never an unhandled rejection meanwhile

  const categoryId = listing.categoryId?.trim();
  if (!categoryId) {
    problems.push({ field: 'category', message: 'Choose an eBay category' }, ...ruleProblems(null));
    return { problems, condition, categorySuggestions: await suggestions, categoryAspects: [] };
  }

  const category = await catalog.aspects(categoryId);
  if (category.kind !== 'leaf') {
    problems.push({
      field: 'category',
      message:
        category.kind === 'not_leaf'
          ? `eBay category ${categoryId} is a parent category; choose one of its subcategories`
          : `eBay has no category ${categoryId}; choose another`,
    });
    problems.push(...ruleProblems(null));
    return { problems, condition, categorySuggestions: await suggestions, categoryAspects: [] };
  }

  const fills = filledAspects(category.aspects, listing.aspects);
  listing = { ...listing, aspects: { ...listing.aspects, ...fills } };
  const selectionValues: Record<string, string[]> = { ...fills };
  for (const aspect of category.aspects.filter((a) => !aspectsOwnedByRules.some((name) => sameAspect(name, a.name)))) {
    const values = aspectValues(listing.aspects, aspect.name);
    if (aspect.required && values.length === 0) {
      problems.push({
        field: 'aspects',
        message: aspect.values.length
          ? `${aspect.name} is required by eBay: one of ${listOf(aspect.values)}`
          : `${aspect.name} is required by eBay`,
        aspect: { name: aspect.name, allowedValues: aspect.values },
      });
      continue;
    }
    // Selection-only aspects take listed values only; Size and Size Type are mapped onto them below (2026 sizes).
    if (!aspect.selectionOnly || aspect.values.length === 0 || isSizeAspect(aspect.name)) continue;
    // By meaning: "Women" is eBay Germany's "Damen" (aspect-values.ts), sent in Taxonomy's own spelling.
    const listed = values.map((v) => aspect.values.find((allowed) => sameText(allowed, v) || sameAspectValue(aspect.name, allowed, v)));
    if (listed.every(Boolean) && listed.some((allowed, i) => allowed !== values[i])) selectionValues[aspect.name] = listed as string[];
    for (const value of values.filter((_, i) => !listed[i])) {
      problems.push({
        field: 'aspects',
        message: `${aspect.name} "${value}" is not one of eBay's values: ${listOf(aspect.values)}`,
        aspect: { name: aspect.name, allowedValues: aspect.values },
      });
    }
  }

  const size = checkApparelSize(listing, category.aspects, listing.marketplaceId);
  problems.push(...size.problems);

  const allowed = await catalog.conditions(categoryId);
  if (!listing.condition?.trim()) {
    problems.push({ field: 'condition', message: 'Choose a condition' });
  } else if (allowed.length > 0) {
    condition = ebayConditionFor(
      listing.condition,
      allowed.map((c) => c.id),
    );
    if (!condition) {
      problems.push({
        field: 'condition',
        message: `This category takes none of our conditions; eBay allows: ${allowed.map((c) => c.label || ebayConditionById(c.id)?.label || c.id).join(', ')}`,
        allowedConditions: allowed,
      });
    }
  }
  problems.push(...ruleProblems(category.aspects));
  return {
    problems: problems.map((problem) => inScreenWords(problem, listing.marketplaceId)),
    condition,
    categorySuggestions: await extraSuggestions(),
    categoryAspects: category.aspects.map((aspect) => aspect.name),
    normalisedAspects: { ...selectionValues, ...size.aspects },
  };
}
