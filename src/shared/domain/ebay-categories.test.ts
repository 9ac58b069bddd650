import { describe, expect, it } from 'vitest';
import { PRODUCT_KINDS } from './category-table';
import { ebayLeafById, ebayLeafOf, ebayLeavesOfKind, ebayLeavesOn } from './ebay-categories';
import { sellerMarketplaceIds } from './ebay-sites';

describe("eBay's leaves of the category table", () => {
  it('has a leaf for every row of the table on every site, and none for a key the table does not have', () => {
    for (const kind of PRODUCT_KINDS)
      for (const site of sellerMarketplaceIds) expect(ebayLeavesOfKind(kind)?.[site]?.id, `${kind.key} on ${site}`).toMatch(/^\d+$/);
    expect(ebayLeavesOfKind({ key: 'Shoes|Unisex' })).toBeNull();
  });

  it("names an item's leaf by its kind, eBay US's where the site is not one we support", () => {
    expect(ebayLeafOf('Mens Jeans', null, 'EBAY_GB')).toEqual({
      id: '11483',
      name: "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans",
    });
    expect(ebayLeafOf('Shoes', 'Women', 'EBAY_XX')?.id).toBe('95672');
    expect(ebayLeafOf('Shoes', null)).toBeNull();
  });

  it('lists each leaf once on a site, and finds a known id', () => {
    const ids = ebayLeavesOn('EBAY_DE').map((leaf) => leaf.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(16); // 18 rows, the Unisex rows in the men's and women's tops' leaves
    expect(ebayLeafById('63861')?.name).toBe("Clothing, Shoes & Accessories > Women > Women's Clothing > Dresses");
    expect(ebayLeafById('1')).toBeNull();
  });
});
