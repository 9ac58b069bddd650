/**
 * Taxonomy's `aspectMode: SELECTION_ONLY` at publish: such an aspect takes only the values the category lists on the
 * offer's marketplace, in its language (`localizedValue`: "Damen" on eBay Germany, so "Women" there is refused). Size
 * and Size Type have their own check and words (fake-ebay-sizes.ts, eBay's 2026 size normalisation). eBay's exact
 * error for another unlisted value is not documented where we could read it: the fake answers the Inventory API's
 * user error 25002 naming the aspect, as it does for a missing one.
 */
import { aspectsOn, type FakeCategory } from './fake-ebay-catalog';
import { normalisedAspects } from './fake-ebay-sizes';

/** The first value of a selection-only aspect (but Size and Size Type) that its list on the marketplace lacks; null when none. */
export function unlistedSelection(
  category: FakeCategory,
  aspects: Record<string, string[]>,
  marketplaceId: string,
): { aspect: string; value: string } | null {
  for (const aspect of aspectsOn(category, marketplaceId)) {
    if (aspect.mode !== 'SELECTION_ONLY' || !aspect.values.length || (normalisedAspects as readonly string[]).includes(aspect.usName))
      continue;
    const value = (aspects[aspect.name] ?? []).find((v) => !aspect.values.includes(v));
    if (value !== undefined) return { aspect: aspect.name, value };
  }
  return null;
}
