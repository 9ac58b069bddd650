import { describe, expect, it } from 'vitest';
import { browseQueryOf } from './browse-api';

describe('Browse search parameters', () => {
  it('filters by category, condition ids and, with a category, the Size aspect', () => {
    expect(browseQueryOf({ q: " Levi's Jeans 32 ", categoryId: '11483', conditionIds: [3000], size: '32', limit: 50 })).toEqual({
      q: "Levi's Jeans 32",
      category_ids: '11483',
      filter: 'conditionIds:{3000}',
      aspect_filter: 'categoryId:11483,Size:{32}',
      limit: '50',
    });
  });

  it('leaves out what it cannot send: a size without a category, a size breaking the filter syntax, an empty q', () => {
    expect(browseQueryOf({ q: '  ', size: 'M' })).toEqual({
      q: undefined,
      category_ids: undefined,
      filter: undefined,
      aspect_filter: undefined,
      limit: '50',
    });
    expect(browseQueryOf({ categoryId: '1', size: 'W32|L30' }).aspect_filter).toBeUndefined();
    expect(browseQueryOf({ limit: 500 }).limit).toBe('200');
  });
});
