import { describe, expect, it } from 'vitest';
import { aspectsOn, fakeCategories, itemAspects, SHOE_SIZE, type FakeCategory } from '../../../fakes/ebay/fake-ebay-catalog';
import { fakeMarketplaces } from '../../../fakes/ebay/fake-ebay-marketplaces';
import { fakeAspectName } from '../../../fakes/ebay/fake-ebay-aspect-names';
import { SIZE_TYPES } from './catalog';
import { shoeSizes, waistSizes, womensNumericSizes } from './assisted/marketplaces';
import { euShoeSizes, euWomensSizes, ukDressSizes, ukShoeSizes } from './assisted/size-standards';
import { ebaySizeFor, type EbaySizeRules } from './ebay-sizes';

/**
 * The size vocabulary's proof on every marketplace: each size in our lists, with each size type, either maps to a value
 * the category lists on that marketplace's tree (as the fake's Taxonomy answers it) or is asked with exactly those
 * values; never sent as it is. Then a table of what must map without asking on each size standard.
 */

const letters = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];
const waistByInseam = waistSizes.flatMap((w) => [28, 30, 32, 34, 36].map((l) => `W${w} L${l}`));
const usTagged = [...womensNumericSizes.map((s) => `US ${s}`), ...shoeSizes.map((s) => `US ${s}`)];
const petitePlusTall = ['PS', 'MP', 'LP', 'XLT', 'LT', '2XLT', '1X', '2X', '3X', '14W', '18W', 'M Petite', 'L Tall'];

/** Our whole size vocabulary: letters, waist x inseam, waists, US/UK/EU women's, US/UK/EU shoes, petite, plus, tall. */
const ourSizes = [
  ...letters,
  ...waistByInseam,
  ...waistSizes.map(String),
  ...womensNumericSizes,
  ...ukDressSizes,
  ...euWomensSizes,
  ...shoeSizes,
  ...ukShoeSizes,
  ...euShoeSizes,
  ...usTagged,
  ...petitePlusTall,
  'One Size',
];
const sizeTypes = [...SIZE_TYPES, 'Tall', null];
/** Every size with no size type, and every size type with a size of each kind a label's suffix can imply a type for. */
const sizeTypeSamples = ['M', 'XLT', 'MP', '14W', 'M Petite', 'L Tall', '2X', 'W32 L30', '12', 'UK 12', 'EU 40', '9.5'];
const cases = [
  ...ourSizes.map((size) => [size, null] as const),
  ...sizeTypeSamples.flatMap((size) => sizeTypes.map((sizeType) => [size, sizeType] as const)),
];

/** One leaf of each kind of apparel category (leaves of one kind list the same values). */
const kinds = [...new Map(fakeCategories.filter((c) => c.sizeKind).map((c) => [c.sizeKind!, c])).values()];
const departmentOf = (c: FakeCategory) => c.aspects.find((a) => a.name === 'Department')!.values[0]!;
const isShoes = (c: FakeCategory) => c.sizeKind!.endsWith('Shoes');
const kind = (name: string) => kinds.find((c) => c.sizeKind === name)!;

/**
 * The category's Size values on a marketplace, read from the fake's Taxonomy answer (under the site's name), and its
 * Size Type values in eBay US's words: `ebaySizeFor` reads English, and the app's size check hands it the site's size
 * types by meaning ("Normal" on eBay Germany is "Regular": size-check-marketplaces.test.ts proves that path).
 */
function rulesOn(category: FakeCategory, marketplaceId: string): EbaySizeRules {
  const values = (name: string, on: string) =>
    (itemAspects(category, on).aspects ?? [])
      .find((a) => a.localizedAspectName === fakeAspectName(name, on))
      ?.aspectValues?.map((v) => v.localizedValue ?? '') ?? [];
  // A shoe's size is named by its site's system ("UK Shoe Size" on eBay UK): read it under the name the site gives it.
  const sizeName = aspectsOn(category, marketplaceId).find((a) => a.usName === 'Size' || a.usName === SHOE_SIZE)?.name ?? 'Size';
  const sizes =
    (itemAspects(category, marketplaceId).aspects ?? [])
      .find((a) => a.localizedAspectName === sizeName)
      ?.aspectValues?.map((v) => v.localizedValue ?? '') ?? [];
  expect(sizes.length, `Size on ${marketplaceId}`).toBeGreaterThan(0);
  return { sizes, sizeTypes: values('Size Type', 'EBAY_US') };
}

const answerOn = (marketplaceId: string, category: FakeCategory, size: string, sizeType: string | null = null) =>
  ebaySizeFor(
    { size, sizeType, department: departmentOf(category), shoes: isShoes(category) },
    rulesOn(category, marketplaceId),
    marketplaceId,
  );

describe("our size vocabulary onto each marketplace's standard values", () => {
  it('covers every kind of apparel category and every marketplace of the fake', () => {
    expect(kinds.map((c) => c.sizeKind).sort()).toEqual(
      ['mensBottoms', 'mensShoes', 'mensShorts', 'mensTops', 'womensBottoms', 'womensShoes', 'womensTops'].sort(),
    );
    expect(fakeMarketplaces.map((m) => m.id)).toEqual([
      'EBAY_US',
      'EBAY_GB',
      'EBAY_DE',
      'EBAY_FR',
      'EBAY_IT',
      'EBAY_ES',
      'EBAY_CA',
      'EBAY_AU',
    ]);
  });

  for (const { id: marketplaceId } of fakeMarketplaces) {
    it(`maps each size and size type to a value ${marketplaceId} lists, or asks with its values`, () => {
      let mapped = 0;
      const wrong: string[] = [];
      for (const category of kinds) {
        const rules = rulesOn(category, marketplaceId);
        const sameList = (options: readonly string[], list: readonly string[]) =>
          options.length === list.length && options.every((v, i) => v === list[i]);
        for (const [size, sizeType] of cases) {
          {
            const answer = answerOn(marketplaceId, category, size, sizeType);
            const where = `${size} / ${sizeType} in ${category.sizeKind}: ${JSON.stringify(answer)}`;
            if (!answer) wrong.push(where);
            else if (answer.kind === 'ask') {
              if (!sameList(answer.options, answer.field === 'Size' ? rules.sizes : rules.sizeTypes)) wrong.push(where);
            } else {
              mapped += 1;
              if (!rules.sizes.includes(answer.size)) wrong.push(where);
              if (answer.sizeType !== null && !rules.sizeTypes.includes(answer.sizeType)) wrong.push(where);
            }
          }
        }
      }
      expect(wrong).toEqual([]);
      // Not a test that passes by asking everything.
      expect(mapped).toBeGreaterThan(300);
    });
  }

  const uk = ['EBAY_GB', 'EBAY_AU'];
  const eu = ['EBAY_DE', 'EBAY_FR', 'EBAY_IT', 'EBAY_ES'];
  const us = ['EBAY_US', 'EBAY_CA'];
  const every = [...us, ...uk, ...eu];
  const ukSizes = ukDressSizes.filter((s) => Number(s.slice(3)) >= 4);
  /** [marketplaces, kind, our size, size type, eBay's size (or 'ask'), eBay's size type]. */
  const table: [string[], string, string[], string | null, string | ((ours: string) => string), string | null][] = [
    [every, 'mensTops', letters.slice(1), 'Regular', (s) => s, 'Regular'],
    [every, 'womensTops', letters.slice(0, 8), 'Petite', (s) => s, 'Petite'],
    [every, 'mensTops', ['XLT', 'LT'], null, (s) => s.slice(0, -1), 'Big & Tall'],
    [every, 'mensTops', ['XL'], 'Tall', 'XL', 'Big & Tall'],
    [every, 'womensBottoms', ['L Tall'], null, 'L', 'Tall'],
    [
      every,
      'mensBottoms',
      ['W32 L30', '34/32', '36 x 34'],
      'Big & Tall',
      (s) => s.replace(/\D+/g, ' ').trim().replace(' ', 'x'),
      'Big & Tall',
    ],
    [us, 'womensTops', [...womensNumericSizes], 'Plus', (s) => s, 'Plus'],
    [us, 'womensTops', ['UK 12', 'UK 16'], null, (s) => String(Number(s.slice(3)) - 4), null],
    [us, 'mensShoes', ['UK 9', 'US 10', '10 1/2'], null, (s) => (s === 'UK 9' ? '10' : s === 'US 10' ? '10' : '10.5'), null],
    [us, 'womensShoes', ['EU 38'], null, 'ask', null],
    [uk, 'womensTops', ukSizes, 'Petite', (s) => s.slice(3), 'Petite'],
    [uk, 'womensBottoms', ukSizes, 'Regular', (s) => s.slice(3), 'Regular'],
    [uk, 'womensTops', ['US 8', 'US 24'], null, (s) => String(Number(s.slice(3)) + 4), null],
    [uk, 'womensTops', ['14W'], null, '18', 'Plus'],
    [uk, 'mensShoes', ukShoeSizes.filter((s) => Number(s.slice(3)) >= 5), null, (s) => s.slice(3), null],
    [uk, 'womensShoes', ukShoeSizes.filter((s) => Number(s.slice(3)) <= 9), null, (s) => s.slice(3), null],
    [uk, 'mensShoes', ['US 10', 'US 9.5'], null, (s) => String(Number(s.slice(3)) - 1), null],
    [uk, 'womensShoes', ['US 7'], null, '5', null],
    [uk, 'mensShoes', ['EU 43'], null, 'ask', null],
    [uk, 'womensTops', ['EU 40', '1X'], null, 'ask', null],
    [eu, 'womensTops', euWomensSizes, 'Plus', (s) => s.slice(3), 'Plus'],
    [eu, 'womensBottoms', euWomensSizes, null, (s) => s.slice(3), null],
    [eu, 'mensShoes', euShoeSizes, null, (s) => s.slice(3), null],
    [eu, 'womensShoes', euShoeSizes, null, (s) => s.slice(3), null],
    // EU sizes differ by country and shoe sizes by brand: never converted from US or UK, asked.
    [eu, 'womensTops', ['UK 12', 'US 8', '14W'], null, 'ask', null],
    [eu, 'mensShoes', ['UK 9', 'US 10'], null, 'ask', null],
  ];

  for (const [marketplaces, kindName, sizes, sizeType, expected, expectedType] of table) {
    it(`${kindName} on ${marketplaces.join(', ')}: ${sizes.slice(0, 3).join(', ')}${sizes.length > 3 ? '…' : ''} → ${typeof expected === 'string' ? expected : 'mapped'}`, () => {
      for (const marketplaceId of marketplaces)
        for (const size of sizes) {
          const answer = answerOn(marketplaceId, kind(kindName), size, sizeType);
          const want = typeof expected === 'function' ? expected(size) : expected;
          if (want === 'ask') expect(answer, `${size} on ${marketplaceId}`).toMatchObject({ kind: 'ask', field: 'Size' });
          else expect(answer, `${size} on ${marketplaceId}`).toEqual({ kind: 'mapped', size: want, sizeType: expectedType });
        }
    });
  }
});
