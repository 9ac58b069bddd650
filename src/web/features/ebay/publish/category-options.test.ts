import { describe, expect, it } from 'vitest';
import type { ListedItem } from '@shared/contracts/items';
import { categoryOptionsFor } from './category-options';

// Issue 42: a raw code ("eBay category 11554") reached the seller when the item's eBay category had no name stored.
describe('the eBay categories Publish Settings offers', () => {
  it('names a category known by its id, never "eBay category <id>"', () => {
    const item = { ebayCategoryId: '11554', ebayCategoryName: null, category: 'Womens Jeans' } as unknown as ListedItem;
    expect(categoryOptionsFor(item, undefined)).toEqual([{ id: '11554', label: "Women's Clothing > Jeans" }]);
  });

  it('names it from a suggestion that carries its name', () => {
    const item = { ebayCategoryId: '57990', ebayCategoryName: null, category: null } as unknown as ListedItem;
    const readiness = { ebay: { categorySuggestions: [{ id: '57990', name: 'Casual Shirts', path: "Men > Men's Clothing > Shirts" }] } };
    const options = categoryOptionsFor(item, readiness as never);
    expect(options).toEqual([{ id: '57990', label: 'Shirts > Casual Shirts' }]);
  });
});
