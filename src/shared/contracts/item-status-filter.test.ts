import { describe, expect, it } from 'vitest';
import { listItemsQuery } from './items';

describe('the items list query', () => {
  it('takes status=sold_twice, the dashboard\'s "Sold twice" filter, and refuses an unknown one', () => {
    expect(listItemsQuery.parse({ status: 'sold_twice' }).status).toBe('sold_twice');
    expect(listItemsQuery.safeParse({ status: 'sold_thrice' }).success).toBe(false);
  });
});
