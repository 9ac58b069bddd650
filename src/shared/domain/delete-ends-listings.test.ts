import { describe, expect, it } from 'vitest';
import type { ChannelListingView } from '../contracts/items';
import { deleteEndsListingsMessages, endsListingsOf } from './delete-ends-listings';

const listing = (overrides: Partial<ChannelListingView>): ChannelListingView => ({
  price: null,
  ownPrice: false,
  priceSource: null,
  priceBasis: null,
  quantity: 1,
  change: null,
  part: { settingsSaved: true },
  channel: 'ebay',
  status: 'live',
  url: 'https://www.ebay.com/itm/1',
  error: null,
  delistTask: false,
  ...overrides,
});

describe('deleting products live where deleting ends the listing first', () => {
  it('counts the products with a live eBay listing (a link), not those live only elsewhere or never sent', () => {
    const live = { listings: [listing({})] };
    const onEtsy = { listings: [listing({ channel: 'etsy', url: 'https://www.etsy.com/listing/1' })] };
    const unsent = { listings: [listing({ status: 'draft', url: null })] };
    expect(endsListingsOf([live, onEtsy, unsent, live])).toEqual({ live: 2, on: ['eBay'] });
    expect(endsListingsOf([onEtsy])).toEqual({ live: 0, on: [] });
  });

  it("says so in the marketplace's name", () => {
    expect(deleteEndsListingsMessages.endsListing(['eBay'])).toBe('Its eBay listing will be ended first.');
    expect(deleteEndsListingsMessages.endsListings(['eBay'], 2, 3)).toBe('2 of them are live on eBay: their listings will be ended first.');
    expect(deleteEndsListingsMessages.endsListings(['eBay'], 1, 3)).toBe('1 of them is live on eBay: its listing will be ended first.');
    expect(deleteEndsListingsMessages.endsListings(['eBay', 'Etsy'], 2, 2)).toBe(
      'All 2 are live on eBay and Etsy: their listings will be ended first.',
    );
  });
});
