/**
 * The category table test: every category we offer (with each department it can be), on every eBay site we support,
 * maps to a LEAF of that site's tree whose required aspects the review form can ask: what the category leaves one
 * answer to is filled (aspect-fills.ts), the department follows from the kind, and the rest is what a seller knows
 * (Brand, Size, Size Type, Color), each a list without duplicates or free text. Answered so, the pre-flight asks
 * nothing more. Against the simulated eBay's Taxonomy through the real client.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '@shared/domain/catalog';
import { PRODUCT_KINDS, productKindOf, sharedOfCategory } from '@shared/domain/category-table';
import { ebayLeafOf, ebayLeavesOfKind } from '@shared/domain/ebay-categories';
import { sellerMarketplaceIds } from '@shared/domain/ebay-sites';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { clientForFake } from '../../../test/fake-ebay-seller';
import type { EbayClient } from '../api/ebay-client';
import { aspectMeaningOf, aspectNameOn } from '../aspect-names';
import { aspectValueOn } from '../aspect-values';
import { filledAspects } from './aspect-fills';
import { catalogPerClient } from './ebay-catalog';
import { preflight } from './preflight';

let fake: FakeEbay;
let client: EbayClient;
const catalogOf = catalogPerClient();
beforeAll(async () => {
  fake = await startFakeEbay();
  client = clientForFake(fake);
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

/** What the review form asks a seller: what it is (the kind), its condition, and these. */
const askable = new Set(['brand', 'size', 'sizeType', 'color']);

describe('the category table (decision 132)', () => {
  it('has a row for every category we offer, in both departments where the category names none, each said once in words', () => {
    for (const category of CATEGORIES) expect(productKindOf(category, 'Women') ?? productKindOf(category, 'Men'), category).not.toBeNull();
    // A category of no department, with none known, is asked rather than guessed; its marketplaces' shared part is kept.
    expect(productKindOf('Shoes', null)).toBeNull();
    expect(sharedOfCategory('Shoes', null, (kind) => kind.etsyPath)).toEqual(['Shoes']);
    expect(sharedOfCategory('Accessories', null, (kind) => [kind.shopifyProductType])).toEqual(['Belts']);
    expect(sharedOfCategory('Other Clothing', 'Women', (kind) => kind.etsyPath)).toEqual(['Clothing', "Women's Clothing", 'Dresses']);
    expect(new Set(PRODUCT_KINDS.map((kind) => kind.key)).size).toBe(PRODUCT_KINDS.length);
    expect(new Set(PRODUCT_KINDS.map((kind) => kind.words)).size).toBe(PRODUCT_KINDS.length);
    for (const category of ['Shoes', 'Accessories', 'Other Clothing', 'Unisex'])
      expect(
        PRODUCT_KINDS.filter((kind) => kind.category === category)
          .map((kind) => kind.department)
          .sort(),
        category,
      ).toEqual(['Men', 'Women']);
    for (const kind of PRODUCT_KINDS) {
      expect(kind.words, kind.key).not.toMatch(/\d/); // never an id
      expect(kind.etsyPath.length, kind.key).toBeGreaterThan(0);
      expect(kind.shopifyProductType, kind.key).not.toBe('');
    }
    expect(ebayLeafOf('Shoes', 'Women')?.id).toBe('95672');
    expect(ebayLeafOf('Other Clothing', 'Women')?.id).toBe('63861');
    expect(ebayLeafOf('Accessories', 'Men')?.id).toBe('2993');
    // A category that names its department keeps it whatever else is said.
    expect(ebayLeafOf('Mens Jeans', 'Women')?.id).toBe('11483');
  });

  for (const site of sellerMarketplaceIds) {
    it(`maps every kind to a leaf on ${site} whose required aspects the review form asks, and asks nothing more once answered`, async () => {
      const catalog = catalogOf(client, site);
      for (const kind of PRODUCT_KINDS) {
        const leaf = ebayLeavesOfKind(kind)![site];
        const label = `${kind.key} on ${site} (${leaf.id})`;
        const category = await catalog.aspects(leaf.id);
        expect(category.kind, label).toBe('leaf');
        if (category.kind !== 'leaf') continue;
        const department = category.aspects.find((a) => aspectMeaningOf(a.name) === 'department');
        // The leaf is the kind's department's (Department "Damen" on eBay Germany is Women).
        expect(department?.values, label).toEqual([aspectValueOn('Department', kind.department, site)]);
        const filled = filledAspects(category.aspects, {});
        const asked = category.aspects.filter((a) => a.required && !(a.name in filled) && aspectMeaningOf(a.name) !== 'department');
        for (const aspect of asked) {
          expect(askable.has(aspectMeaningOf(aspect.name) ?? ''), `${label}: ${aspect.name}`).toBe(true);
          expect(new Set(aspect.values).size, `${label}: ${aspect.name} lists each value once`).toBe(aspect.values.length);
        }
        expect(
          asked.map((a) => aspectMeaningOf(a.name)),
          label,
        ).toEqual(expect.arrayContaining(['brand', 'size', 'color']));

        // The seller's answers, as the review form sends them: the first value of each list, a brand typed.
        const answer = (meaning: 'brand' | 'size' | 'sizeType' | 'color') => {
          const aspect = asked.find((a) => aspectMeaningOf(a.name) === meaning);
          return aspect ? [aspect.values[0] ?? 'Acme'] : [];
        };
        const aspects = Object.fromEntries(
          (
            [
              [aspectNameOn('brand', site), answer('brand')],
              [aspectNameOn('department', site), [aspectValueOn('Department', kind.department, site)]],
              [aspectNameOn('size', site), answer('size')],
              [aspectNameOn('sizeType', site), answer('sizeType')],
              [aspectNameOn('color', site), answer('color')],
            ] as const
          ).filter(([, values]) => values.length > 0),
        );
        const check = await preflight(
          {
            sku: 'KIND-1',
            title: `Acme ${kind.words}`,
            description: 'Worn a few times, no flaws.',
            categoryId: leaf.id,
            condition: 'good',
            aspects,
            marketplaceId: site,
            imageCount: 3,
            category: kind.category,
          },
          catalog,
        );
        expect(
          check.problems.filter((p) => p.field === 'aspects' || p.field === 'category' || p.field === 'condition'),
          label,
        ).toEqual([]);
      }
    });
  }
});
