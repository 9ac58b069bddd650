import { describe, expect, it } from 'vitest';
import { isSimulatedListingUrl } from './simulated-ebay';
import { isSimulatedEtsyListingUrl } from './simulated-etsy';
import { isSimulatedShopifyListingUrl } from './simulated-shopify';
import { linksUnder } from './simulated-pages';

describe('linksUnder: a link to a simulation’s own pages', () => {
  const underEtsy = linksUnder('/simulated-etsy');

  it('is a link whose path is under the simulation’s, on any host', () => {
    expect(underEtsy('http://localhost:3000/simulated-etsy/listing/12')).toBe(true);
    expect(underEtsy('https://studio.example/simulated-etsy/listing/12?x=1')).toBe(true);
  });

  it('is not the marketplace’s own link, a look-alike path, nothing or no URL at all', () => {
    expect(underEtsy('https://www.etsy.com/listing/12')).toBe(false);
    expect(underEtsy('http://localhost:3000/simulated-etsy-other/listing/12')).toBe(false);
    expect(underEtsy('http://localhost:3000/simulated-etsy')).toBe(false);
    expect(underEtsy('/simulated-etsy/listing/12')).toBe(false);
    expect(underEtsy(null)).toBe(false);
    expect(underEtsy(undefined)).toBe(false);
    expect(underEtsy('')).toBe(false);
  });

  it('serves every simulation by its own path', () => {
    expect(isSimulatedListingUrl('http://localhost:3000/simulated-ebay/itm/1')).toBe(true);
    expect(isSimulatedListingUrl('http://localhost:3000/simulated-etsy/listing/1')).toBe(false);
    expect(isSimulatedEtsyListingUrl('http://localhost:3000/simulated-etsy/listing/1')).toBe(true);
    expect(isSimulatedShopifyListingUrl('http://localhost:3000/simulated-shopify/products/a')).toBe(true);
    expect(isSimulatedShopifyListingUrl('https://shop.myshopify.com/products/a')).toBe(false);
  });
});
