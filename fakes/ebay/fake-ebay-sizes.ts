/**
 * eBay's apparel size normalisation at publish (2026; src/server/channels/ebay/SIZES.md): in a clothing or shoe
 * category, a Size or Size Type that is not one of the values the category lists on the offer's marketplace (its own
 * size standard: UK sizes on eBay UK, EU sizes on the EU sites) is refused, as eBay blocks such listings from
 * July/August 2026. eBay's exact error for it is not documented where we could read it: the fake answers with the
 * Inventory API's catch-all user error 25002 naming the aspect, as it does for a missing one.
 */
import { aspectsOn, type FakeCategory } from './fake-ebay-catalog';

/** eBay US's names of the size aspects (a shoe's is its site's system's, "UK Shoe Size"); each marketplace names them in its language. */
export const normalisedAspects = ['Size', 'US Shoe Size', 'Size Type'] as const;

/** The first Size or Size Type value the category does not list on the marketplace, with the aspect's name; null when all are listed. */
export function nonStandardSize(
  category: FakeCategory,
  aspects: Record<string, string[]>,
  marketplaceId: string,
): { aspect: string; value: string } | null {
  if (!category.sizeKind) return null;
  const listed = aspectsOn(category, marketplaceId);
  for (const usName of normalisedAspects) {
    // Under the site's name: "Größe" on eBay Germany.
    const aspect = listed.find((a) => a.usName === usName);
    const allowed = aspect?.values ?? [];
    const value = (aspects[aspect?.name ?? usName] ?? []).find((v) => !allowed.includes(v));
    if (aspect && allowed.length && value !== undefined) return { aspect: aspect.name, value };
  }
  return null;
}
