import { describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { makeEbayListing } from '@/test/make-listing-item';
import { bulkProgress } from './bulk-run';

const id = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;
const item = (n: number, publish: { status: 'publishing' | 'published' | 'failed'; error?: string } | null) => ({
  id: id(n),
  sku: `SKU-${n}`,
  listings: publish ? [makeEbayListing({ status: publish.status, error: publish.error ?? null, price: money(1000) })] : [],
});

describe('bulkProgress', () => {
  it('counts n of m as items finish, and names what failed and why, refusals included', () => {
    const run = {
      itemIds: [id(1), id(2), id(3), id(4)],
      refused: [{ itemId: id(4), sku: 'SKU-4', message: 'Missing required fields. Price and Category are required.' }],
    };
    const during = bulkProgress(run, [
      item(1, { status: 'published' }),
      item(2, { status: 'publishing' }),
      item(3, { status: 'publishing' }),
      item(4, null),
    ]);
    expect(during).toMatchObject({ total: 4, done: 2, published: 1, finished: false });
    const after = bulkProgress(run, [
      item(1, { status: 'published' }),
      item(2, { status: 'failed', error: 'Department is missing' }),
      item(3, { status: 'published' }),
      item(4, null),
    ]);
    expect(after).toEqual({
      total: 4,
      done: 4,
      published: 2,
      finished: true,
      failures: [
        { sku: 'SKU-4', message: 'Missing required fields. Price and Category are required.' },
        { sku: 'SKU-2', message: 'Department is missing' },
      ],
    });
  });
});
