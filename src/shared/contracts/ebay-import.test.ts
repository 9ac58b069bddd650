import { describe, expect, it } from 'vitest';
import { listingIdsIn } from './ebay-import';

describe('listingIdsIn', () => {
  it('keeps each eBay item number of what the seller pasted: numbers, links, a report column, once each', () => {
    const pasted = [
      'Item number,Title,Custom label (SKU)',
      '256123456789,Levi jeans,PSTFSH-001',
      'https://www.ebay.com/itm/Levis-501-jeans/256123456790?hash=item3b',
      'https://www.ebay.co.uk/itm/256123456791',
      '256123456789',
      'SKU 12345 and price 19.99',
    ].join('\n');
    expect(listingIdsIn(pasted)).toEqual(['256123456789', '256123456790', '256123456791']);
    expect(listingIdsIn('')).toEqual([]);
  });
});
