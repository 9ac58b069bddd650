import { describe, expect, it } from 'vitest';
import { foundListingOf, median, mergeFound, nearestOf, spreadOf, type FoundListing } from './comparables-summary';

const listing = (itemId: string, total: number): FoundListing => ({
  itemId,
  title: `Listing ${itemId}`,
  url: `https://www.ebay.com/itm/${itemId}`,
  imageUrl: null,
  price: total,
  shipping: null,
  total,
  currency: 'USD',
  condition: 'Pre-owned',
});

describe('comparables arithmetic', () => {
  it('takes the middle value, or the mean of the middle two, to the cent', () => {
    expect(median([])).toBeNull();
    expect(median([30])).toBe(30);
    expect(median([40, 10, 30])).toBe(30);
    expect(median([10, 20, 30, 41])).toBe(25);
    expect(median([10.01, 10.02])).toBe(10.02);
  });

  it('spreads count, median, low and high over price with shipping', () => {
    expect(spreadOf([])).toEqual({ count: 0, median: null, low: null, high: null });
    expect(spreadOf([{ total: 55 }, { total: 18 }, { total: 32 }, { total: 30 }])).toEqual({ count: 4, median: 31, low: 18, high: 55 });
  });

  it('reads a Browse summary: the cheapest stated shipping, none stated (calculated) as null and 0 in the total', () => {
    const summary = {
      itemId: 'v1|1|0',
      title: 'Levi’s 501',
      itemWebUrl: 'https://www.ebay.com/itm/1',
      image: { imageUrl: 'https://i.ebayimg.com/1.jpg' },
      price: { value: '24.99', currency: 'USD' },
      condition: 'Pre-owned',
    };
    expect(
      foundListingOf({
        ...summary,
        shippingOptions: [{ shippingCost: { value: '7.50', currency: 'USD' } }, { shippingCost: { value: '5.01', currency: 'USD' } }],
      }),
    ).toMatchObject({ price: 24.99, shipping: 5.01, total: 30, imageUrl: 'https://i.ebayimg.com/1.jpg' });
    expect(foundListingOf({ ...summary, shippingOptions: [{ shippingCostType: 'CALCULATED' }] })).toMatchObject({
      shipping: null,
      total: 24.99,
    });
    expect(foundListingOf({ ...summary, price: undefined })).toBeNull();
    expect(foundListingOf({ ...summary, itemId: undefined })).toBeNull();
  });

  it('merges both searches, each listing once, marking the ones found both ways', () => {
    const merged = mergeFound([listing('a', 10), listing('b', 20), listing('a', 10)], [listing('b', 20), listing('c', 30)]);
    expect(merged.map((l) => [l.itemId, l.foundBy])).toEqual([
      ['a', 'keywords'],
      ['b', 'both'],
      ['c', 'image'],
    ]);
  });

  it('puts the ones found both ways first, then the totals closest to the median, five at most', () => {
    const merged = mergeFound(
      [10, 18, 29, 31, 33, 50, 55].map((total, i) => listing(`k${i}`, total)),
      [listing('k6', 55), listing('i1', 90)],
    );
    const nearest = nearestOf(merged, 31);
    expect(nearest.map((l) => l.total)).toEqual([55, 31, 29, 33, 18]);
    expect(nearest[0]!.foundBy).toBe('both');
    expect(nearestOf(merged, 31, 2)).toHaveLength(2);
  });
});
