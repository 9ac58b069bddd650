import { describe, expect, it } from 'vitest';
import { fakeCategories, type FakeCategory, SHOE_SIZE } from '../../../fakes/ebay/fake-ebay-catalog';
import { shoeSizes, waistSizes, womensNumericSizes } from './assisted/marketplaces';
import { ebaySizeFor, homeSizeSystem, type EbaySizeRules } from './ebay-sizes';
import { sellerMarketplace, sellerMarketplaceIds } from './ebay-sites';
import { readSizeLabel, sizeSystemOfCountry } from './size-label';

const letters = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
const inseams = [28, 30, 32, 34, 36];
const waistByInseam = waistSizes.flatMap((w) => inseams.map((l) => `W${w} L${l}`));
const ukWomens = Array.from({ length: 13 }, (_, i) => `UK ${4 + 2 * i}`);

const apparel = fakeCategories.filter((c) => c.sizeKind);
const rulesOf = (c: FakeCategory): EbaySizeRules => ({
  // A shoe's size is eBay US's "US Shoe Size" (its site's system names it).
  sizes: c.aspects.find((a) => a.name === 'Size' || a.name === SHOE_SIZE)!.values,
  sizeTypes: c.aspects.find((a) => a.name === 'Size Type')?.values ?? [],
});

describe('the size system a bare number is read in', () => {
  it("is the site's country's: US for the US and Canada, UK for the UK and Australia, EU for the EU sites", () => {
    expect(Object.fromEntries(sellerMarketplaceIds.map((id) => [id, homeSizeSystem(id)]))).toEqual({
      EBAY_US: 'US',
      EBAY_GB: 'UK',
      EBAY_DE: 'EU',
      EBAY_FR: 'EU',
      EBAY_IT: 'EU',
      EBAY_ES: 'EU',
      EBAY_CA: 'US',
      EBAY_AU: 'UK',
    });
    for (const id of sellerMarketplaceIds) expect(sizeSystemOfCountry(sellerMarketplace(id).country)).toBe(homeSizeSystem(id));
    expect(homeSizeSystem('EBAY_XX')).toBe('US');
  });
});

describe("our size vocabulary onto eBay's standard values (2026)", () => {
  it('has every apparel category of the fake: men, women, tops, bottoms and shoes', () => {
    expect(new Set(apparel.map((c) => c.sizeKind))).toEqual(
      new Set(['mensTops', 'mensBottoms', 'mensShorts', 'womensTops', 'womensBottoms', 'mensShoes', 'womensShoes']),
    );
  });

  // Every size and size type of ours against every kind of category on every marketplace: ebay-sizes-marketplaces.test.ts.

  it('maps what a category lists without asking: letters on tops, waist x inseam on jeans, numbers, shoes from 6', () => {
    const mapped = (id: string, sizes: string[], extra: { shoes?: boolean; department?: string } = {}) => {
      const category = apparel.find((c) => c.id === id)!;
      return sizes.filter((size) => ebaySizeFor({ size, sizeType: 'Regular', ...extra }, rulesOf(category))?.kind !== 'mapped');
    };
    // eBay's men's tops start at XS: a men's XXS is asked.
    expect(mapped('15687', letters)).toEqual(['XXS']);
    expect(mapped('53159', [...letters, ...womensNumericSizes, ...ukWomens.slice(2)], { department: 'Women' })).toEqual([]);
    expect(
      mapped(
        '11483',
        waistByInseam.filter((s) => Number(s.slice(1, 3)) >= 28),
      ),
    ).toEqual([]);
    expect(mapped('11554', [...womensNumericSizes, '27', 'W27'], { department: 'Women' })).toEqual([]);
    expect(
      mapped(
        '15709',
        shoeSizes.filter((s) => Number(s) >= 6),
        { shoes: true, department: 'Men' },
      ),
    ).toEqual([]);
    expect(
      mapped(
        '95672',
        shoeSizes.filter((s) => Number(s) <= 12),
        { shoes: true, department: 'Women' },
      ),
    ).toEqual([]);
  });

  it("writes each size in the category's own form", () => {
    const jeans = rulesOf(apparel.find((c) => c.id === '11483')!);
    const tee = rulesOf(apparel.find((c) => c.id === '15687')!);
    const womensTops = rulesOf(apparel.find((c) => c.id === '53159')!);
    const mensShoes = rulesOf(apparel.find((c) => c.id === '15709')!);
    const womensShoes = rulesOf(apparel.find((c) => c.id === '95672')!);
    expect(ebaySizeFor({ size: 'W32 L30' }, jeans)).toEqual({ kind: 'mapped', size: '32x30', sizeType: null });
    expect(ebaySizeFor({ size: '32 x 30', sizeType: 'Regular' }, jeans)).toEqual({ kind: 'mapped', size: '32x30', sizeType: 'Regular' });
    expect(ebaySizeFor({ size: '34/32' }, jeans)).toMatchObject({ size: '34x32' });
    expect(ebaySizeFor({ size: 'Medium' }, tee)).toMatchObject({ size: 'M' });
    expect(ebaySizeFor({ size: 'XXXL' }, tee)).toMatchObject({ size: '3XL' });
    expect(ebaySizeFor({ size: '2XL' }, tee)).toMatchObject({ size: 'XXL' });
    expect(ebaySizeFor({ size: 'XLT', sizeType: 'Regular', department: 'Men' }, tee)).toEqual({
      kind: 'mapped',
      size: 'XL',
      sizeType: 'Big & Tall',
    });
    expect(ebaySizeFor({ size: 'MP', department: 'Women' }, womensTops)).toEqual({ kind: 'mapped', size: 'M', sizeType: 'Petite' });
    expect(ebaySizeFor({ size: '14W', department: 'Women' }, womensTops)).toEqual({ kind: 'mapped', size: '14', sizeType: 'Plus' });
    expect(ebaySizeFor({ size: '2X', department: 'Women' }, womensTops)).toEqual({ kind: 'mapped', size: '2X', sizeType: 'Plus' });
    expect(ebaySizeFor({ size: 'UK 12', department: 'Women' }, womensTops)).toMatchObject({ size: '8' });
    expect(ebaySizeFor({ size: 'UK 9', shoes: true, department: 'Men' }, mensShoes)).toMatchObject({ size: '10' });
    expect(ebaySizeFor({ size: 'UK 5', shoes: true, department: 'Women' }, womensShoes)).toMatchObject({ size: '7' });
    expect(ebaySizeFor({ size: '10 1/2', shoes: true, department: 'Men' }, mensShoes)).toMatchObject({ size: '10.5' });
  });

  it('asks where nothing maps, with eBay’s values: a chest size on a tee, EU shoes in the US, petite on men’s', () => {
    const tee = rulesOf(apparel.find((c) => c.id === '15687')!);
    const mensShoes = rulesOf(apparel.find((c) => c.id === '15709')!);
    expect(ebaySizeFor({ size: '40' }, tee)).toEqual({ kind: 'ask', field: 'Size', ours: '40', options: tee.sizes });
    expect(ebaySizeFor({ size: 'See description' }, tee)).toMatchObject({ kind: 'ask', field: 'Size' });
    // EU to US depends on the brand's last: never converted, asked.
    expect(ebaySizeFor({ size: 'EU 43', shoes: true, department: 'Men' }, mensShoes)).toMatchObject({ kind: 'ask', field: 'Size' });
    expect(ebaySizeFor({ size: 'M', sizeType: 'Petite', department: 'Men' }, tee)).toEqual({
      kind: 'ask',
      field: 'Size Type',
      ours: 'Petite',
      options: tee.sizeTypes,
    });
    expect(ebaySizeFor({ size: '' }, tee)).toBeNull();
  });

  it('reads UK women’s sizes 4-28 as they are on eBay UK, and US ones converted', () => {
    const ebayUk: EbaySizeRules = {
      sizes: Array.from({ length: 13 }, (_, i) => String(4 + 2 * i)),
      sizeTypes: ['Regular', 'Petite', 'Plus', 'Tall'],
    };
    for (const size of ukWomens)
      expect(ebaySizeFor({ size, department: 'Women' }, ebayUk, 'EBAY_GB')).toMatchObject({ size: size.slice(3) });
    expect(ebaySizeFor({ size: '12', department: 'Women' }, ebayUk, 'EBAY_GB')).toMatchObject({ size: '12' });
    expect(ebaySizeFor({ size: 'US 8', department: 'Women' }, ebayUk, 'EBAY_GB')).toMatchObject({ size: '12' });
  });

  it('reads labels: waist x inseam, halves, suffixes', () => {
    expect(readSizeLabel('W32 L30').read).toEqual({ kind: 'waistInseam', waist: 32, inseam: 30 });
    expect(readSizeLabel('32X30').read).toEqual({ kind: 'waistInseam', waist: 32, inseam: 30 });
    for (const label of ['32W 30L', '32W x 30L', '32w/30l'])
      expect(readSizeLabel(label).read, label).toEqual({ kind: 'waistInseam', waist: 32, inseam: 30 });
    expect(readSizeLabel('Size: 9½').read).toEqual({ kind: 'number', value: 9.5, system: null });
    expect(readSizeLabel('M Petite')).toEqual({ read: { kind: 'letter', letter: 'M' }, typeHint: 'Petite' });
  });

  it('maps waist and inseam onto the waist alone, the inseam beside it, where a category lists no waist x inseam', () => {
    const waistsOnly: EbaySizeRules = { sizes: Array.from({ length: 17 }, (_, i) => String(28 + i)), sizeTypes: ['Regular'] };
    for (const size of ['W32 L32', '32x32', '32X32', 'W32/L32', '32 x 32'])
      expect(ebaySizeFor({ size, department: 'Men' }, waistsOnly), size).toEqual({
        kind: 'mapped',
        size: '32',
        sizeType: null,
        inseam: 32,
      });
    // Where eBay lists the pair, the pair is sent and no inseam beside it.
    expect(ebaySizeFor({ size: 'W32 L32' }, { sizes: ['32', '32x32'], sizeTypes: [] })).toEqual({
      kind: 'mapped',
      size: '32x32',
      sizeType: null,
    });
    // A waist the category does not list is still asked.
    expect(ebaySizeFor({ size: 'W50 L32' }, waistsOnly)).toMatchObject({ kind: 'ask', field: 'Size' });
  });
});
