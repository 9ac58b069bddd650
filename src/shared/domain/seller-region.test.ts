import { describe, expect, it } from 'vitest';
import { accountChannelOf, sellerRegionSources } from './seller-region';

describe("where the seller's country came from", () => {
  it("is a marketplace account's by the marketplace's id (the stored 'ebay-account'), the seller's choice, or the default", () => {
    expect(sellerRegionSources).toEqual(['seller', 'default', 'ebay-account', 'etsy-account', 'shopify-account', 'depop-account']);
    expect(accountChannelOf('ebay-account')).toBe('ebay');
    expect(accountChannelOf('depop-account')).toBe('depop');
    expect(accountChannelOf('seller')).toBeNull();
    expect(accountChannelOf('default')).toBeNull();
  });
});
