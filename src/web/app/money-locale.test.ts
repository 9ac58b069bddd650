import { describe, expect, it } from 'vitest';
import { sellerLocaleOf } from './money-locale';

describe('sellerLocaleOf', () => {
  it('is the country’s locale when the seller or their eBay account set it, else the browser’s, else en-US', () => {
    expect(sellerLocaleOf({ locale: 'en-GB', source: 'seller' }, 'de-DE')).toBe('en-GB');
    expect(sellerLocaleOf({ locale: 'de-DE', source: 'ebay-account' }, 'en-US')).toBe('de-DE');
    expect(sellerLocaleOf({ locale: 'en-US', source: 'default' }, 'de-DE')).toBe('de-DE');
    expect(sellerLocaleOf(undefined, 'fr-FR')).toBe('fr-FR');
    expect(sellerLocaleOf(undefined, 'not a locale!')).toBe('en-US');
    expect(sellerLocaleOf(undefined, undefined)).toBe('en-US');
  });
});
