import { describe, expect, it } from 'vitest';
import { comparablesKeywordsOf, comparablesQueryOf, imageQueryKey, keywordsQueryKey, likenessOf } from './comparables-query';

const item = {
  brand: "Levi's",
  extractedBrand: null,
  category: 'Mens Jeans',
  condition: 'good',
  extractedSize: '32',
  aiTitle: "Levi's 501 Men's Jeans 32x30 Blue",
  ebayCategoryId: '11483',
  ebayCategoryName: "Clothing, Shoes & Accessories > Men > Men's Clothing > Jeans",
  ebayConditionGrade: null,
};

describe('what comparables are searched by', () => {
  it('takes brand, the eBay category’s own words and the size as keywords', () => {
    expect(comparablesKeywordsOf(item)).toBe("Levi's Jeans 32");
    expect(comparablesKeywordsOf({ ...item, ebayCategoryName: null })).toBe("Levi's Mens Jeans 32");
    expect(comparablesKeywordsOf({ ...item, brand: null, extractedBrand: 'Levi’s' })).toBe('Levi’s Jeans 32');
  });

  it('falls back to the AI title without a brand or a category, and to what there is without a title', () => {
    expect(comparablesKeywordsOf({ ...item, brand: '  ' })).toBe("Levi's 501 Men's Jeans 32x30 Blue");
    expect(comparablesKeywordsOf({ ...item, category: null, ebayCategoryName: null })).toBe("Levi's 501 Men's Jeans 32x30 Blue");
    expect(comparablesKeywordsOf({ ...item, brand: null, aiTitle: null })).toBe('Jeans 32');
  });

  it("filters by the item's eBay category, its eBay condition (the eBay grade before the item's) and size", () => {
    const query = comparablesQueryOf(item);
    expect(query).toMatchObject({ categoryId: '11483', size: '32', condition: { id: 3000, label: 'Pre-owned – Good' } });
    expect(comparablesQueryOf({ ...item, ebayConditionGrade: 'new' }).condition?.id).toBe(1000);
    expect(comparablesQueryOf({ ...item, condition: null }).condition).toBeNull();
    expect(likenessOf(query)).toBe('Jeans, Pre-owned – Good, size 32');
    expect(likenessOf({ ...query, condition: null, size: null })).toBe('Jeans');
  });

  it('keys each search by what was asked, the photo by its bytes', () => {
    const query = comparablesQueryOf(item);
    expect(keywordsQueryKey(query, 'EBAY_US')).toBe(keywordsQueryKey({ ...query, keywords: "LEVI'S JEANS 32" }, 'EBAY_US'));
    expect(keywordsQueryKey(query, 'EBAY_US')).not.toBe(keywordsQueryKey({ ...query, size: '34' }, 'EBAY_US'));
    const photo = new Uint8Array([1, 2, 3]);
    expect(imageQueryKey(query, 'EBAY_US', photo)).toBe(imageQueryKey(query, 'EBAY_US', new Uint8Array([1, 2, 3])));
    expect(imageQueryKey(query, 'EBAY_US', photo)).not.toBe(imageQueryKey(query, 'EBAY_US', new Uint8Array([1, 2, 4])));
  });
});
