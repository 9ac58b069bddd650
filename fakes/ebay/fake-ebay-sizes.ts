/**
 * eBay's apparel size normalisation at publish (2026; src/server/channels/ebay/SIZES.md): in a clothing or shoe
 * category, a Size or Size Type that is not one of the category's listed values is refused, as eBay blocks such
 * listings from July/August 2026. eBay's exact error for it is not documented where we could read it: the fake
 * answers with the Inventory API's catch-all user error 25002 naming the aspect, as it does for a missing one.
 */
import type { FakeCategory } from './fake-ebay-catalog';

export const normalisedAspects = ['Size', 'Size Type'] as const;

/** The first Size or Size Type value the category does not list, with the aspect's name; null when all are listed. */
export function nonStandardSize(category: FakeCategory, aspects: Record<string, string[]>): { aspect: string; value: string } | null {
  if (!category.sizeKind) return null;
  for (const name of normalisedAspects) {
    const allowed = category.aspects.find((a) => a.name === name)?.values ?? [];
    const value = (aspects[name] ?? []).find((v) => !allowed.includes(v));
    if (allowed.length && value !== undefined) return { aspect: name, value };
  }
  return null;
}
