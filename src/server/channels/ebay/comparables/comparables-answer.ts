import type { ComparablesResponse, OwnSalesEvidence } from '@shared/contracts/comparables';
import { defaultSellerMarketplace, isSellerMarketplaceId, sellerMarketplace, type SellerMarketplace } from '@shared/domain/ebay-sites';
import { SIMULATED_COMPARABLES } from '@shared/domain/simulated-ebay';
import { likenessOf, type ComparablesQuery } from './comparables-query';
import { mergeFound, nearestOf, spreadOf, type FoundListing } from './comparables-summary';

/** One search's outcome: its listings (eBay's, or the day's cached answer), or why there are none. */
export type SearchOutcome =
  { kind: 'found'; listings: FoundListing[]; fetchedAt: Date } | { kind: 'budget-spent' } | { kind: 'failed'; message: string };

/** An answer with no number: what was asked, on which marketplace, and the seller's own sales; the rest filled in later. */
export function emptyAnswer(
  { itemId, query, home, ownSales }: { itemId: string; query: ComparablesQuery; home: SellerMarketplace; ownSales: OwnSalesEvidence },
  byImage: boolean,
  simulated = false,
): ComparablesResponse {
  return {
    itemId,
    query: { keywords: query.keywords, categoryId: query.categoryId, condition: query.condition?.label ?? null, size: query.size, byImage },
    count: 0,
    median: null,
    low: null,
    high: null,
    currency: home.currency,
    nearest: [],
    basis: null,
    noBasis: null,
    fetchedAt: null,
    simulated,
    marketplaceId: home.marketplaceId,
    ownSales,
  };
}

/** Outside the US the basis names the marketplace and its currency ("On eBay UK, in GBP."). */
const whereSearched = (answer: ComparablesResponse) =>
  answer.marketplaceId === defaultSellerMarketplace.marketplaceId
    ? ''
    : ` On ${isSellerMarketplaceId(answer.marketplaceId) ? sellerMarketplace(answer.marketplaceId).name : answer.marketplaceId}, in ${answer.currency}.`;

const found = (outcome: SearchOutcome | null) => (outcome?.kind === 'found' ? outcome : null);

/**
 * The comparables of both searches (either may be missing): count, median, range, the 5 nearest and the basis; or,
 * with nothing to base a price on, no number and the reason in words.
 */
export function answerFromSearches(
  empty: ComparablesResponse,
  query: ComparablesQuery,
  searches: { byKeywords: SearchOutcome | null; byImage: SearchOutcome | null },
  dailyCalls: number,
): ComparablesResponse {
  const outcomes = [searches.byKeywords, searches.byImage].filter((o): o is SearchOutcome => o !== null);
  const answered = outcomes.map(found).filter((o) => o !== null);
  if (!answered.length) {
    const spent = outcomes.some((o) => o.kind === 'budget-spent');
    return {
      ...empty,
      noBasis: spent
        ? `Today’s eBay search budget (${dailyCalls.toLocaleString('en-US')} calls) is spent: comparables come back after midnight UTC.`
        : 'eBay could not be reached for comparables just now. Try again in a few minutes.',
    };
  }
  const listings = mergeFound(found(searches.byKeywords)?.listings ?? [], found(searches.byImage)?.listings ?? []).filter(
    // Only listings priced in the marketplace's own currency: never mixed, never converted.
    (l) => l.currency === empty.currency,
  );
  const fetchedAt = new Date(Math.min(...answered.map((o) => o.fetchedAt.getTime()))).toISOString();
  const likeness = likenessOf(query);
  if (!listings.length) {
    return {
      ...empty,
      fetchedAt,
      noBasis: `No active ${empty.simulated ? 'simulated eBay' : 'eBay'} listings like this one were found${likeness ? ` (${likeness})` : ''}, so there is no price to base on.`,
    };
  }
  const spread = spreadOf(listings);
  return {
    ...empty,
    ...spread,
    nearest: nearestOf(listings, spread.median).map(({ itemId: _id, ...comparable }) => comparable),
    basis: empty.simulated
      ? `${SIMULATED_COMPARABLES}: median of ${spread.count} ${spread.count === 1 ? 'listing' : 'listings'} of the simulated eBay, not real eBay data.${likeness ? ` ${likeness[0]!.toUpperCase()}${likeness.slice(1)}.` : ''} Asking prices with shipping.`
      : `Median of ${spread.count} active eBay ${spread.count === 1 ? 'listing' : 'listings'}${likeness ? `: ${likeness}` : ''}. Asking prices with shipping, not sold prices.${whereSearched(empty)}`,
    fetchedAt,
  };
}
