import { describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { foundListingOf, median, mergeFound, nearestOf, spreadOf, type FoundListing } from './comparables-summary';

/** Dollars (whole numbers in these tests) as Money. */
const usd = (dollars: number) => money(Math.round(dollars * 100), 'USD');
const listing = (itemId: string, total: number): FoundListing => ({
  itemId,
  title: `Listing ${itemId}`,
  url: `https://www.ebay.com/itm/${itemId}`,
  imageUrl: null,
  price: usd(total),
  shipping: null,
  total: usd(total),
  currency: 'USD',
  condition: 'Pre-owned',
});

describe('comparables arithmetic', () => {
  it('takes the middle value, or the mean of the middle two, to the cent', () => {
    expect(median([])).toBeNull();
    expect(median([money(3000)])).toEqual(money(3000));
    expect(median([money(4000), money(1000), money(3000)])).toEqual(money(3000));
    expect(median([money(1000), money(2000), money(3000), money(4100)])).toEqual(money(2500));
    // Half a cent between the middle two: the one rounding, half away from zero.
    expect(median([money(1001), money(1002)])).toEqual(money(1002));
    expect(median([money(100, 'JPY'), money(101, 'JPY')])).toEqual(money(101, 'JPY'));
  });

  it('spreads count, median, low and high over price with shipping', () => {
    expect(spreadOf([])).toEqual({ count: 0, median: null, low: null, high: null });
    expect(spreadOf([55, 18, 32, 30].map((total) => ({ total: usd(total) })))).toEqual({
      count: 4,
      median: usd(31),
      low: usd(18),
      high: usd(55),
    });
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
    ).toMatchObject({ price: money(2499), shipping: money(501), total: money(3000), imageUrl: 'https://i.ebayimg.com/1.jpg' });
    expect(foundListingOf({ ...summary, shippingOptions: [{ shippingCostType: 'CALCULATED' }] })).toMatchObject({
      shipping: null,
      total: money(2499),
    });
    // eBay's decimal text is read exactly: a sum no float would make ($0.10 + $0.20 is 30 cents, not 0.30000000000000004).
    expect(
      foundListingOf({ ...summary, price: { value: '0.10', currency: 'USD' }, shippingOptions: [{ shippingCost: { value: '0.20' } }] }),
    ).toMatchObject({ total: money(30) });
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
    const nearest = nearestOf(merged, usd(31));
    expect(nearest.map((l) => l.total)).toEqual([55, 31, 29, 33, 18].map(usd));
    expect(nearest[0]!.foundBy).toBe('both');
    expect(nearestOf(merged, usd(31), 2)).toHaveLength(2);
  });
});
