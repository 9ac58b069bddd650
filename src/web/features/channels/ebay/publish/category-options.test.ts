import { describe, expect, it } from 'vitest';
import type { ListedItem } from '@shared/contracts/items';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { categoryOptionsFor } from './category-options';
import { makeChannelListing } from '@/test/make-listing-item';

const suggestions = (list: { id: string; name: string; path: string }[]) =>
  ({ preflight: { categorySuggestions: list } }) as unknown as ReadinessResponse;

const womensTops = { id: '53159', name: 'Tops', path: "Clothing, Shoes & Accessories > Women > Women's Clothing" };
const mensPolos = { id: '185101', name: 'Polos', path: "Clothing, Shoes & Accessories > Men > Men's Clothing > Shirts" };
const mensCoats = { id: '57988', name: 'Coats, Jackets & Vests', path: "Clothing, Shoes & Accessories > Men > Men's Clothing" };

const item = ({
  ebayCategoryId = null,
  ebayCategoryName = null,
  ...fields
}: Partial<ListedItem> & { ebayCategoryId?: string | null; ebayCategoryName?: string | null }) =>
  ({
    category: null,
    extractedDepartment: null,
    listings: [makeChannelListing({ channel: 'ebay', part: { categoryId: ebayCategoryId, categoryName: ebayCategoryName } })],
    ...fields,
  }) as ListedItem;

describe('the eBay categories Publish Settings offers', () => {
  it('offers the categories of the item’s department first (a men’s polo: the men’s, not Women’s Tops)', () => {
    const options = categoryOptionsFor(item({ category: 'Mens Tops' }), suggestions([womensTops, mensPolos]));
    // Mens Tops' own default first (decision 066), then eBay's suggestions of its department.
    expect(options.map((o) => o.label)).toEqual(["Men's Clothing > T-Shirts", "Men's Clothing > Polos", "Women's Clothing > Tops"]);
  });

  it('takes the department the seller or the photos gave when the category says none', () => {
    const options = categoryOptionsFor(
      item({ category: 'Other Clothing', extractedDepartment: 'Men' }),
      suggestions([womensTops, mensCoats]),
    );
    // The category table's men's leaf first (decision 132), then eBay's suggestion of the men's department.
    expect(options.map((o) => o.id).slice(0, 2)).toEqual(['11484', '57988']);
  });

  it('puts the item’s own category after those of its department when it is another department’s', () => {
    const options = categoryOptionsFor(
      item({ category: 'Mens Outerwear', ebayCategoryId: '53159', ebayCategoryName: `${womensTops.path} > Tops` }),
      suggestions([mensCoats]),
    );
    expect(options.map((o) => o.id)).toEqual(['57988', '53159']);
  });
  // A raw code ("eBay category 11554") reached the seller when the item's eBay category had no name stored.
  it('names a category known by its id, never "eBay category <id>"', () => {
    const options = categoryOptionsFor(item({ ebayCategoryId: '11554', category: 'Womens Jeans' }), undefined);
    expect(options).toEqual([{ id: '11554', label: "Women's Clothing > Jeans" }]);
  });

  it('names it from a suggestion that carries its name', () => {
    const options = categoryOptionsFor(
      item({ ebayCategoryId: '57990' }),
      suggestions([{ id: '57990', name: 'Casual Shirts', path: "Men > Men's Clothing > Shirts" }]),
    );
    expect(options).toEqual([{ id: '57990', label: "Men's Clothing > Casual Shirts" }]);
  });
});
