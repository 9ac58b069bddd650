import type { CategoryAspect } from './ebay-catalog';
import { aspectValues } from './preflight-rules/rule';
import { aspectMeaningOf } from '../aspect-names';

/**
 * What the seller is never asked because eBay's category leaves one answer (decision 133): a required
 * selection-only aspect with a single allowed value (Department "Men" in Men's Athletic Shoes, Size Type "Regular" in
 * shoes) takes it, and a required MPN takes the category's own words for "none" where its values list them ("Does
 * Not Apply": a second-hand product's label seldom shows the maker's part number; a seller who knows it types it on
 * the eBay screen). Only what the item does not already say is filled.
 */
export function filledAspects(categoryAspects: readonly CategoryAspect[], given: Record<string, string[]>): Record<string, string[]> {
  const filled: Record<string, string[]> = {};
  for (const aspect of categoryAspects) {
    if (!aspect.required || aspectValues(given, aspect.name).length > 0) continue;
    if (aspect.selectionOnly && aspect.values.length === 1) filled[aspect.name] = [aspect.values[0]!];
    else if (aspectMeaningOf(aspect.name) === 'mpn') {
      const none = noMpnText(aspect.values);
      if (none) filled[aspect.name] = [none];
    }
  }
  return filled;
}

/** The category's "no MPN" text as Taxonomy lists it among the MPN's values (Product Identifier Text), if any. */
export function noMpnText(values: readonly string[]): string | undefined {
  return values.find((value) => /^(does not apply|n\/a|nicht zutreffend|non applicable|no aplicable|non applicabile)$/i.test(value.trim()));
}
