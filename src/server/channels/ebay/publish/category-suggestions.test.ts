/**
 * The simulated eBay's catalog holds the clothing categories a reseller uses, men's and women's, with
 * eBay's own ids, and suggests those of the item's department: a men's polo or fleece is never offered only
 * "Women's Clothing > Tops" (which then fails on Department "Men").
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, departmentOf } from '@shared/domain/catalog';
import { ebayCategoryOf } from '@shared/domain/ebay-categories';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { clientForFake } from '../../../test/fake-ebay-seller';
import { createEbayCatalog, type EbayCatalog } from './ebay-catalog';
import { preflight, suggestionQueryOf } from './preflight';

let fake: FakeEbay;
let catalog: EbayCatalog;
beforeAll(async () => {
  fake = await startFakeEbay();
  catalog = createEbayCatalog(clientForFake(fake));
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const suggested = async (category: string, brand: string) =>
  (await catalog.suggestions(suggestionQueryOf({ title: null, category, brand }))).map((s) => `${s.path} > ${s.name} (${s.id})`);

describe('the simulated eBay’s clothing categories', () => {
  it('suggests men’s categories for a men’s top, and the men’s polo and T-shirt leaves among them', async () => {
    const tops = await suggested('Mens Tops', 'Ralph Lauren');
    expect(tops.length).toBeGreaterThan(1);
    for (const s of tops) expect(s).toMatch(/^Clothing, Shoes & Accessories > Men > Men's Clothing/);
    expect(tops).toContain("Clothing, Shoes & Accessories > Men > Men's Clothing > Shirts > Polos (185101)");
    expect(tops).toContain("Clothing, Shoes & Accessories > Men > Men's Clothing > Shirts > T-Shirts (15687)");
  });

  it('suggests the men’s coats and jackets for men’s outerwear (a fleece), the women’s for women’s', async () => {
    expect((await suggested('Mens Outerwear', 'Patagonia'))[0]).toBe(
      "Clothing, Shoes & Accessories > Men > Men's Clothing > Coats, Jackets & Vests (57988)",
    );
    expect((await suggested('Womens Outerwear', 'Patagonia'))[0]).toBe(
      "Clothing, Shoes & Accessories > Women > Women's Clothing > Coats, Jackets & Vests (63862)",
    );
  });

  it('holds the women’s dresses, skirts, sweaters and the shoes of both departments', async () => {
    expect(await suggested('Womens Tops', 'Zara')).toContain("Clothing, Shoes & Accessories > Women > Women's Clothing > Tops (53159)");
    for (const [q, id] of [
      ["Women's dress", '63861'],
      ["Women's skirt", '63864'],
      ["Women's sweater", '63866'],
      ["Men's sweater", '11484'],
      ["Men's shorts", '15689'],
      ["Men's boots", '11498'],
      ["Women's boots", '53557'],
    ] as const)
      expect((await catalog.suggestions(q)).map((s) => s.id)).toContain(id);
  });

  it('publishes a men’s polo in the men’s polos with Department Men', async () => {
    const result = await preflight(
      {
        sku: 'POLO-001',
        title: "Ralph Lauren Men's Polo Shirt Large Navy",
        description: 'Classic fit polo in navy cotton pique, lightly worn.',
        categoryId: '185101',
        condition: 'good',
        aspects: { Brand: ['Ralph Lauren'], Department: ['Men'], Size: ['L'], 'Size Type': ['Regular'], Color: ['Blue'] },
        imageCount: 3,
      },
      catalog,
    );
    expect(result.problems).toEqual([]);
  });
});

describe('the eBay category each of our categories is listed in (decision 066)', () => {
  it('gives every category with a department a leaf of that department: the tee and the jacket too, not jeans only', async () => {
    const listed = CATEGORIES.filter((category) => ['Men', 'Women'].includes(departmentOf(category) ?? ''));
    for (const category of listed) {
      const id = ebayCategoryOf(category)!.id;
      const aspects = await catalog.aspects(id);
      expect(aspects.kind, `${category} (${id})`).toBe('leaf');
      const department = aspects.kind === 'leaf' ? aspects.aspects.find((a) => a.name === 'Department') : undefined;
      expect(department?.values, `${category} (${id})`).toEqual([departmentOf(category)]);
      // The name is eBay's path to that leaf, as its suggestions say it.
      const named = (await catalog.suggestions(suggestionQueryOf({ title: null, category, brand: null }))).find((s) => s.id === id);
      expect(`${named?.path} > ${named?.name}`, category).toBe(ebayCategoryOf(category)!.name);
    }
    expect(ebayCategoryOf('Mens Tops')?.id).toBe('15687');
    expect(ebayCategoryOf('Mens Outerwear')?.id).toBe('57988');
  });
});
