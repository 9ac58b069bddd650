import { noOwnSales } from '@shared/contracts/comparables';
import { money } from '@shared/domain/money';
import { defaultSellerMarketplace } from '@shared/domain/ebay-sites';
import { describe, expect, it } from 'vitest';
import { answerFromSearches, emptyAnswer, type SearchOutcome } from './comparables-answer';
import { comparablesQueryOf } from './comparables-query';
import type { FoundListing } from './comparables-summary';

const query = comparablesQueryOf({
  brand: 'Patagonia',
  extractedBrand: null,
  category: 'Mens Outerwear',
  condition: 'excellent',
  extractedSize: 'M',
  aiTitle: null,
  ebayCategoryId: '57988',
  ebayCategoryName: "Clothing, Shoes & Accessories > Men > Men's Clothing > Coats, Jackets & Vests",
  ebayConditionGrade: null,
});
const empty = emptyAnswer(
  { itemId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', query, home: defaultSellerMarketplace, ownSales: noOwnSales('USD', 'No sales yet.') },
  true,
);
const listing = (itemId: string, total: number, currency = 'USD'): FoundListing => ({
  itemId,
  title: itemId,
  url: `https://www.ebay.com/itm/${itemId}`,
  imageUrl: null,
  price: money(total * 100, currency),
  shipping: money(0, currency),
  total: money(total * 100, currency),
  currency,
  condition: null,
});
const found = (listings: FoundListing[], at = '2026-05-01T10:00:00Z'): SearchOutcome => ({
  kind: 'found',
  listings,
  fetchedAt: new Date(at),
});

describe('the comparables answer', () => {
  it('says what the median is of, and is as old as its oldest search', () => {
    const answer = answerFromSearches(
      empty,
      query,
      { byKeywords: found([listing('a', 40), listing('b', 60)], '2026-05-01T09:00:00Z'), byImage: found([listing('c', 50)]) },
      5000,
    );
    expect(answer).toMatchObject({
      count: 3,
      median: money(5000),
      low: money(4000),
      high: money(6000),
      fetchedAt: '2026-05-01T09:00:00.000Z',
      noBasis: null,
    });
    expect(answer.basis).toBe(
      'Median of 3 active eBay listings: Coats, Jackets & Vests, Pre-owned – Excellent, size M. Asking prices with shipping, not sold prices.',
    );
    expect(answer.query).toEqual({
      keywords: 'Patagonia Coats, Jackets & Vests M',
      categoryId: '57988',
      condition: 'Pre-owned – Excellent',
      size: 'M',
      byImage: true,
    });
  });

  it('stands on one search when the other is refused or fails, and leaves out other currencies', () => {
    const answer = answerFromSearches(
      empty,
      query,
      { byKeywords: found([listing('a', 40), listing('b', 45, 'GBP')]), byImage: { kind: 'budget-spent' } },
      5000,
    );
    expect(answer).toMatchObject({ count: 1, median: money(4000) });
    expect(answer.basis).toMatch(/^Median of 1 active eBay listing: /);
  });

  it('gives no number without a search answered: the budget, or eBay', () => {
    const spent = answerFromSearches(
      empty,
      query,
      { byKeywords: { kind: 'budget-spent' }, byImage: { kind: 'failed', message: 'x' } },
      5000,
    );
    expect(spent).toMatchObject({ count: 0, median: null, basis: null, nearest: [] });
    expect(spent.noBasis).toBe('Today’s eBay search budget (5,000 calls) is spent: comparables come back after midnight UTC.');
    const failed = answerFromSearches(empty, query, { byKeywords: { kind: 'failed', message: 'x' }, byImage: null }, 5000);
    expect(failed.noBasis).toBe('eBay could not be reached for comparables just now. Try again in a few minutes.');
  });
});
