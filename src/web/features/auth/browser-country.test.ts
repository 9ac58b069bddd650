import { describe, expect, it } from 'vitest';
import { browserCountry } from './browser-country';

describe('the country a new seller is offered', () => {
  it('is the browser language’s country where the app sells, else the US', () => {
    expect(browserCountry('en-GB')).toBe('GB');
    expect(browserCountry('de-DE')).toBe('DE');
    expect(browserCountry('de')).toBe('DE');
    expect(browserCountry('fr-FR')).toBe('FR');
    expect(browserCountry('en-US')).toBe('US');
    expect(browserCountry('ja-JP')).toBe('US');
    expect(browserCountry(undefined)).toBe('US');
    expect(browserCountry('not a language')).toBe('US');
  });
});
