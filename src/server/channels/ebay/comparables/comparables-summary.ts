import type { Comparable } from '@shared/contracts/comparables';
import type { ItemSummary } from '../api/ebay-types';

/** One listing eBay answered, as we keep it in the cache (the shape of a comparable before we know how it was found). */
export type FoundListing = Omit<Comparable, 'foundBy'> & { itemId: string };

const amount = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : null;
};

/**
 * A Browse item summary as a listing to compare with: its price, its cheapest stated shipping (none stated, e.g.
 * calculated: null, counted as 0 in the total), its photo and link. Null when eBay gave no price or id.
 */
export function foundListingOf(summary: ItemSummary): FoundListing | null {
  const price = amount(summary.price?.value);
  if (!summary.itemId || price === null) return null;
  const costs = (summary.shippingOptions ?? []).map((o) => amount(o.shippingCost?.value)).filter((c): c is number => c !== null);
  const shipping = costs.length ? Math.min(...costs) : null;
  return {
    itemId: summary.itemId,
    title: summary.title ?? '',
    url: summary.itemWebUrl ?? '',
    imageUrl: summary.image?.imageUrl ?? summary.thumbnailImages?.[0]?.imageUrl ?? null,
    price,
    shipping,
    total: Math.round((price + (shipping ?? 0)) * 100) / 100,
    currency: summary.price?.currency ?? 'USD',
    condition: summary.condition ?? null,
  };
}

/** Both answers as one list, each listing once: found by keywords, by image, or by both. */
export function mergeFound(byKeywords: FoundListing[], byImage: FoundListing[]): (Comparable & { itemId: string })[] {
  const merged = new Map<string, Comparable & { itemId: string }>();
  for (const listing of byKeywords) if (!merged.has(listing.itemId)) merged.set(listing.itemId, { ...listing, foundBy: 'keywords' });
  for (const listing of byImage) {
    const known = merged.get(listing.itemId);
    if (known) known.foundBy = known.foundBy === 'keywords' ? 'both' : known.foundBy;
    else merged.set(listing.itemId, { ...listing, foundBy: 'image' });
  }
  return [...merged.values()];
}

/** The median of the values (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 100) / 100;
}

export interface PriceSpread {
  count: number;
  median: number | null;
  low: number | null;
  high: number | null;
}

export function spreadOf(listings: readonly Pick<Comparable, 'total'>[]): PriceSpread {
  const totals = listings.map((l) => l.total);
  return {
    count: totals.length,
    median: median(totals),
    low: totals.length ? Math.min(...totals) : null,
    high: totals.length ? Math.max(...totals) : null,
  };
}

/** The `count` nearest: found both ways first, then by total closest to the median (cheaper first on a tie). */
export function nearestOf<T extends Pick<Comparable, 'total' | 'foundBy'>>(listings: readonly T[], middle: number | null, count = 5): T[] {
  const distance = (l: T) => (middle === null ? 0 : Math.abs(l.total - middle));
  return [...listings]
    .sort((a, b) => Number(b.foundBy === 'both') - Number(a.foundBy === 'both') || distance(a) - distance(b) || a.total - b.total)
    .slice(0, count);
}
