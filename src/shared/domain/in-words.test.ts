import { describe, expect, it } from 'vitest';
import { channelsInWords } from './channel-listing';
import { inWords } from './in-words';

describe('a list in words', () => {
  it('says none, one, two and more as a sentence does', () => {
    expect(inWords([])).toBe('');
    expect(inWords(['size'])).toBe('size');
    expect(inWords(['S', 'M'], 'or')).toBe('S or M');
    expect(channelsInWords(['ebay', 'etsy', 'shopify', 'depop'])).toBe('eBay, Etsy, Shopify and Depop');
  });
});
