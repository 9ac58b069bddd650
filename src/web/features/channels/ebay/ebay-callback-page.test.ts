import { describe, expect, it } from 'vitest';
import { closingWords } from './ebay-callback-page';

/** The eBay consent window said "closes in 1 seconds". */
describe('the eBay consent window’s countdown', () => {
  it('says one second in the singular and the others in the plural', () => {
    expect(closingWords(1, true)).toBe('This window closes in 1 second.');
    expect(closingWords(3, true)).toBe('This window closes in 3 seconds.');
    expect(closingWords(0, true)).toBe('This window closes in 0 seconds.');
    expect(closingWords(1, false)).toBe('Returning to eBay Integration in 1 second.');
  });
});
