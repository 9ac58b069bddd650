import { describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { makeChannelListing, makeListingItem } from '../../../entities/items/make-listing-item';
import { ebayPriceOf } from './listing';

describe('ebayPriceOf', () => {
  it('is the item’s asking price while the eBay listing has no price of its own, even if the entry’s copy is older', () => {
    // The entry was computed from the asking price before a regeneration moved it to 34.50.
    const listings = [makeChannelListing({ channel: 'ebay', price: money(3799), ownPrice: false })];
    expect(ebayPriceOf(makeListingItem({ aiSuggestedPrice: money(3450), listings }))).toEqual(money(3450));
  });

  it('is the eBay listing’s own price once the seller saved one', () => {
    const listings = [makeChannelListing({ channel: 'ebay', price: money(2999), ownPrice: true })];
    expect(ebayPriceOf(makeListingItem({ aiSuggestedPrice: money(3450), listings }))).toEqual(money(2999));
  });
});
