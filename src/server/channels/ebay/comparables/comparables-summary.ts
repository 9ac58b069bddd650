import type { Comparable } from '@shared/contracts/comparables';
import { addMoney, compareMoney, defaultCurrency, divideRounded, money, parseMoney, type Money } from '@shared/domain/money';
import type { ItemSummary } from '../api/ebay-types';

/** One listing eBay answered, as we keep it in the cache (the shape of a comparable before we know how it was found). */
export type FoundListing = Omit<Comparable, 'foundBy'> & { itemId: string };

interface EbayAmount {
  value?: string;
  currency?: string;
  convertedFromValue?: string;
  convertedFromCurrency?: string;
}

/**
 * The currency the listing is priced in: eBay shows a listing of another marketplace converted into the buyer's
 * currency, with the seller's own amount in `convertedFrom*`. The listing is read in its own currency, never converted.
 */
const ownCurrencyOf = (value: EbayAmount | undefined) => value?.convertedFromCurrency ?? value?.currency ?? defaultCurrency;

/** eBay's decimal text ("24.99") in the listing's own currency, exactly; null when it gave none or it is no amount. */
function amount(value: EbayAmount | undefined, currency: string): Money | null {
  if (!value) return null;
  const own = value.convertedFromCurrency ? { value: value.convertedFromValue, currency: value.convertedFromCurrency } : value;
  return own.value && (own.currency ?? currency) === currency ? parseMoney(own.value, currency) : null;
}

/**
 * A Browse item summary as a listing to compare with: its price, its cheapest stated shipping (none stated, e.g.
 * calculated: null, counted as 0 in the total), its photo and link, every amount in minor units read exactly from
 * eBay's decimal text (decision 081). Null when eBay gave no price or id.
 */
export function foundListingOf(summary: ItemSummary): FoundListing | null {
  const currency = ownCurrencyOf(summary.price);
  const price = amount(summary.price, currency);
  if (!summary.itemId || price === null) return null;
  const costs = (summary.shippingOptions ?? []).map((o) => amount(o.shippingCost, currency)).filter((c): c is Money => c !== null);
  const shipping = costs.length ? costs.reduce((low, cost) => (compareMoney(cost, low) < 0 ? cost : low)) : null;
  return {
    itemId: summary.itemId,
    title: summary.title ?? '',
    url: summary.itemWebUrl ?? '',
    imageUrl: summary.image?.imageUrl ?? summary.thumbnailImages?.[0]?.imageUrl ?? null,
    price,
    shipping,
    total: shipping ? addMoney(price, shipping) : price,
    currency,
    condition: summary.condition ?? null,
  };
}

/** A listing cached before amounts were minor units (a decimal `price`): not read, eBay is asked again. */
export const isFoundListing = (listing: unknown): listing is FoundListing =>
  typeof (listing as FoundListing | null)?.total?.amountMinor === 'number';

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

/** The median of the amounts (the mean of the middle two for an even count, by the one rounding); null for none. */
export function median(values: readonly Money[]): Money | null {
  if (!values.length) return null;
  const sorted = [...values].sort(compareMoney);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[middle]!;
  return money(divideRounded(addMoney(sorted[middle - 1]!, sorted[middle]!).amountMinor, 2), sorted[middle]!.currency);
}

export interface PriceSpread {
  count: number;
  median: Money | null;
  low: Money | null;
  high: Money | null;
}

export function spreadOf(listings: readonly Pick<Comparable, 'total'>[]): PriceSpread {
  const totals = [...listings.map((l) => l.total)].sort(compareMoney);
  return { count: totals.length, median: median(totals), low: totals[0] ?? null, high: totals.at(-1) ?? null };
}

/** The `count` nearest: found both ways first, then by total closest to the median (cheaper first on a tie). */
export function nearestOf<T extends Pick<Comparable, 'total' | 'foundBy'>>(listings: readonly T[], middle: Money | null, count = 5): T[] {
  const distance = (l: T) => (middle === null ? 0 : Math.abs(l.total.amountMinor - middle.amountMinor));
  return [...listings]
    .sort(
      (a, b) =>
        Number(b.foundBy === 'both') - Number(a.foundBy === 'both') ||
        distance(a) - distance(b) ||
        a.total.amountMinor - b.total.amountMinor,
    )
    .slice(0, count);
}
