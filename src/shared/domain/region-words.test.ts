import { describe, expect, it } from 'vitest';
import { regionWords } from './region-words';

describe('regionWords', () => {
  it('says "Color" to a US seller and "Colour", "County" and "Postage" to a UK seller', () => {
    expect(regionWords('US')).toMatchObject({ color: 'Color', shipping: 'Shipping', region: 'State or province' });
    expect(regionWords('GB')).toEqual({ color: 'Colour', region: 'County', shipping: 'Postage' });
  });
  it('reads the US words while the country is not known', () => {
    expect(regionWords(undefined).color).toBe('Color');
    expect(regionWords('DE').region).toBe('State or province');
  });
});
