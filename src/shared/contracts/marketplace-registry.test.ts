import { describe, expect, it } from 'vitest';
import { apiChannels } from '../domain/channel-listing';
import type { ChannelListingView } from './items';
import {
  cardPublishStateOf,
  cardStatusChannels,
  comparablesFrom,
  defaultAutopilotChannels,
  draftMarketplace,
  fixScreenFor,
  homeSiteOf,
  listedCategoriesOf,
  marketplaceTraits,
  photoMinimums,
  readinessFor,
  screenPathOf,
  titleTooLongFor,
} from './marketplace-registry';
import { ebayWebPaths } from './ebay-web-paths';
import { webPaths } from './web-paths';
import { sellerRegionOf } from '../domain/seller-region';

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

describe('the marketplace registry', () => {
  it('holds every API marketplace', () => {
    expect(Object.keys(marketplaceTraits)).toEqual([...apiChannels]);
  });

  it("the card's publish state is eBay's listing's, with its name; another channel's listing is not", () => {
    expect(cardStatusChannels).toEqual(['ebay']);
    expect(cardPublishStateOf({ listings: [listing({ channel: 'etsy', url: 'https://www.etsy.com/listing/1' })] })).toBeNull();
    expect(cardPublishStateOf({ listings: [listing({ status: 'ended' })] })).toMatchObject({
      channel: 'ebay',
      name: 'eBay',
      state: { status: 'ended', listingUrl: 'https://www.ebay.com/itm/1' },
    });
    // A draft the seller never saved settings for is no publish state.
    expect(cardPublishStateOf({ listings: [listing({ status: 'draft', part: {} })] })).toBeNull();
  });

  it("asks each marketplace its photo minimum and its place on a new seller's autopilot", () => {
    expect(photoMinimums).toEqual([{ name: 'eBay', longSidePx: 500 }]);
    expect(defaultAutopilotChannels).toEqual(['ebay']);
  });

  it("names eBay's active listings as the comparables, and sends the seller to eBay's screen or to Marketplaces", () => {
    expect(comparablesFrom).toEqual({ channel: 'ebay', name: 'eBay', simulatedTitle: 'Simulated comparables' });
    // A held product's problem the card cannot fix: eBay's screen, the one with its own (and a Quick Fix).
    expect(fixScreenFor(['etsy', null])).toEqual({ channel: 'ebay', name: 'eBay', path: ebayWebPaths.screen });
    expect(screenPathOf('ebay')).toBe(ebayWebPaths.screen);
    expect(screenPathOf('etsy')).toBe(webPaths.channels);
  });

  it("gives each marketplace's category and grade of the item's listing, eBay's from its listing's part", () => {
    const part = { settingsSaved: true, categoryId: '11483', categoryName: 'Jeans', conditionGrade: 'USED_GOOD' };
    expect(listedCategoriesOf({ listings: [listing({ part })] })).toEqual([
      { name: 'eBay', categoryId: '11483', categoryName: 'Jeans', conditionGrade: 'USED_GOOD' },
    ]);
    expect(listedCategoriesOf({ listings: [] })).toEqual([{ name: 'eBay', categoryId: null, categoryName: null, conditionGrade: null }]);
  });

  it('says a title is longer than eBay takes past its 80 characters', () => {
    expect(titleTooLongFor(80)).toEqual([]);
    expect(titleTooLongFor(81)).toEqual(['eBay']);
  });

  it("writes the AI's listing in eBay's words: its digit category ids, its leaf of the table on the seller's site, its colours", () => {
    expect(draftMarketplace).toMatchObject({ channel: 'ebay', name: 'eBay', categoryId: { mismatch: 'eBay category ids are digits' } });
    expect(draftMarketplace.categoryId.pattern.test('11483')).toBe(true);
    expect(draftMarketplace.categoryId.pattern.test('JEANS')).toBe(false);
    expect(draftMarketplace.categoryOf('Mens Jeans', null, 'EBAY_GB')?.id).toBe('11483');
    expect(draftMarketplace.colours.names).toContain('Gray');
    expect(draftMarketplace.prompt.itemSpecifics).toBe('eBay item specifics for the category.');
  });

  it("gives the seller's home site from eBay's sites: eBay UK in pounds for a UK seller, eBay US for a US one", () => {
    expect(homeSiteOf(sellerRegionOf('GB'))).toEqual({ marketplaceId: 'EBAY_GB', country: 'GB', currency: 'GBP', name: 'eBay UK' });
    expect(homeSiteOf(sellerRegionOf('US'))).toEqual({ marketplaceId: 'EBAY_US', country: 'US', currency: 'USD', name: 'eBay US' });
  });

  it("says the item's readiness is eBay's: its pre-flight is the one the readiness carries", () => {
    expect(readinessFor).toEqual({ channel: 'ebay', name: 'eBay' });
  });
});
