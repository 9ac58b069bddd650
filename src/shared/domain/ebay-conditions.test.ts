import { describe, expect, it } from 'vitest';
import { ebayConditionFor } from './ebay-conditions';

describe('eBay conditions for clothing (ebay.md)', () => {
  it('maps the quick edit and the publish form onto the clothing table', () => {
    const ids = (conditions: string[]) => conditions.map((c) => ebayConditionFor(c)?.enum);
    expect(ids(['new_with_tags', 'new_without_tags', 'excellent', 'good', 'fair'])).toEqual([
      'NEW',
      'NEW_OTHER',
      'PRE_OWNED_EXCELLENT',
      'USED_EXCELLENT',
      'PRE_OWNED_FAIR',
    ]);
    expect(ids(['new', 'like new', 'excellent', 'good', 'fair', 'poor'])).toEqual([
      'NEW',
      'NEW_OTHER',
      'PRE_OWNED_EXCELLENT',
      'USED_EXCELLENT',
      'PRE_OWNED_FAIR',
      'PRE_OWNED_FAIR',
    ]);
    expect(ebayConditionFor(null)).toBeNull();
    expect(ebayConditionFor('mint')).toBeNull();
  });

  it('takes the nearest allowed condition that claims no better, else the lowest better one, null when none is known', () => {
    expect(ebayConditionFor('excellent', [1000, 1500, 3000])?.id).toBe(3000);
    expect(ebayConditionFor('fair', [1000, 3000])?.id).toBe(3000);
    expect(ebayConditionFor('like new', [1000, 2750, 3000])?.id).toBe(2750);
    expect(ebayConditionFor('poor', [1000, 1500])?.id).toBe(1500);
    expect(ebayConditionFor('good', [4000, 5000])?.id).toBe(5000);
    expect(ebayConditionFor('good', [9999])).toBeNull();
  });
});
