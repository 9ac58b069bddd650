import { describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { makeChannelListing, makeListingItem } from '@/test/make-listing-item';
import { ebayPriceOf } from './listing';

describe('ebayPriceOf', () => {
  it('is the price the server worked out for eBay (the asking price through the seller’s eBay rule)', () => {
    // Asking 45.00, a −10% rule on eBay: the entry carries 40.50, what bulk publish sends.
    const listings = [makeChannelListing({ channel: 'ebay', price: money(4050), ownPrice: false })];
    expect(ebayPriceOf(makeListingItem({ aiSuggestedPrice: money(4500), listings }))).toEqual(money(4050));
  });

  it('is the item’s asking price while the item has no eBay listing', () => {
    expect(ebayPriceOf(makeListingItem({ aiSuggestedPrice: money(3450), listings: [] }))).toEqual(money(3450));
  });

  it('is the eBay listing’s own price once the seller saved one', () => {
    const listings = [makeChannelListing({ channel: 'ebay', price: money(2999), ownPrice: true })];
    expect(ebayPriceOf(makeListingItem({ aiSuggestedPrice: money(3450), listings }))).toEqual(money(2999));
  });
});
