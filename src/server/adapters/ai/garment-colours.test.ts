import { describe, expect, it } from 'vitest';
import { garmentPhoto, type GarmentShape } from '../../test/garment-photos';
import { depopColours } from '@shared/domain/depop-colours';
import { ebayColours } from '@shared/domain/ebay-colours';
import { etsyColours } from '@shared/domain/etsy-colours';
import { garmentColours, namedOn } from './garment-colours';

const WHITE_BACKDROP = '#f4f3f0';
const GREY_BACKDROP = '#9a9a9a';

async function colourOf(garment: string, background: string, shape: GarmentShape, seed = 1) {
  const read = await garmentColours(await garmentPhoto({ garment, background, shape, seed }));
  if (!read) throw new Error('the photo was not read');
  return { ebay: namedOn(read, ebayColours)[0]!, etsy: namedOn(read, etsyColours)[0]!, depop: namedOn(read, depopColours)[0]! };
}

describe("a garment's colour from its photo", () => {
  it('names a pink dress (#c2185b) on a white backdrop pink on every marketplace, with high confidence', async () => {
    const { ebay, etsy, depop } = await colourOf('#c2185b', WHITE_BACKDROP, 'dress');
    expect(ebay.name).toBe('Pink');
    expect(etsy.name).toBe('Pink');
    expect(depop.name).toBe('pink');
    expect(ebay.confidence).toBeGreaterThan(0.3);
  });

  it('is less sure of a colour halfway between two names than of one plainly of a name', async () => {
    const plain = await colourOf('#1f2a44', WHITE_BACKDROP, 'jacket');
    const between = await colourOf('#8a3a7a', WHITE_BACKDROP, 'jacket'); // between purple and pink
    expect(plain.ebay.confidence).toBeGreaterThan(0.6);
    expect(between.ebay.confidence).toBeLessThan(plain.ebay.confidence - 0.2);
  });

  it.each([
    ['navy', '#1f2a44', WHITE_BACKDROP, 'jacket', 'Blue', 'navy'],
    ['burgundy', '#722f37', WHITE_BACKDROP, 'dress', 'Red', 'burgundy'],
    ['olive', '#6b6b2f', WHITE_BACKDROP, 'jacket', 'Green', 'khaki'],
    ['beige', '#d9c5a3', GREY_BACKDROP, 'trousers', 'Beige', 'tan'],
    ['black', '#1b1b1b', WHITE_BACKDROP, 'tshirt', 'Black', 'black'],
    ['white on grey', '#f5f5f3', GREY_BACKDROP, 'tshirt', 'White', 'white'],
    ['denim blue', '#44618a', WHITE_BACKDROP, 'trousers', 'Blue', 'blue'],
  ] as const)('names a $0 garment ($1) $4 on eBay, $5 on Depop', async (_label, garment, background, shape, ebayName, depopName) => {
    const { ebay, depop } = await colourOf(garment, background, shape);
    expect(ebay.name).toBe(ebayName);
    expect(depop.name).toBe(depopName);
  });

  it('reads the garment, not the backdrop: a small black top on a large white backdrop is black', async () => {
    const photo = await garmentPhoto({ garment: '#151515', background: '#fafafa', shape: 'tshirt', seed: 3 });
    const read = await garmentColours(photo);
    expect(read?.method).toBe('backdrop');
    expect(namedOn(read!, ebayColours)[0]!.name).toBe('Black');
  });

  it('answers nothing for bytes that are no photo', async () => {
    expect(await garmentColours(Buffer.from('not a photo'))).toBeNull();
  });
});
