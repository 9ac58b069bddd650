import { describe, expect, it } from 'vitest';
import { siteOf } from './marketplace';

describe('siteOf: where a marketplace’s pages for the seller are, from a listing’s address', () => {
  it('is the marketplace’s own site for a real listing, and its fallback without one', () => {
    expect(siteOf('https://www.ebay.com/itm/123456', '/itm/', 'x')).toBe('https://www.ebay.com');
    expect(siteOf('https://www.etsy.com/listing/42/vintage-levis-501', '/listing/', 'x')).toBe('https://www.etsy.com');
    expect(siteOf('https://vintage-finds.myshopify.com/products/levis-501', '/products/', 'x')).toBe('https://vintage-finds.myshopify.com');
    expect(siteOf(null, '/itm/', 'https://www.ebay.com')).toBe('https://www.ebay.com');
    expect(siteOf('not a url', '/itm/', 'https://www.ebay.com')).toBe('https://www.ebay.com');
  });

  it('keeps a simulation’s path under the app’s address, and a store’s within it', () => {
    expect(siteOf('http://localhost:3000/simulated-ebay/itm/123', '/itm/', 'x')).toBe('http://localhost:3000/simulated-ebay');
    expect(siteOf('http://localhost:3000/simulated-etsy/listing/9', '/listing/', 'x')).toBe('http://localhost:3000/simulated-etsy');
    expect(siteOf('http://localhost:3000/simulated-shopify/finds-ab12cd34.myshopify.com/products/levis', '/products/', 'x')).toBe(
      'http://localhost:3000/simulated-shopify/finds-ab12cd34.myshopify.com',
    );
  });
});
