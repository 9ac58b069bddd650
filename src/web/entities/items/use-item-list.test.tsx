import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListingItem } from '@/test/make-listing-item';
import { renderHookWithProviders } from '@/test/render-with-providers';
import { useItemList } from './use-item-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useItemList', () => {
  it('reads one view a page at a time, following the cursor', async () => {
    const first = makeListingItem({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', sku: 'PSTFSH-002' });
    const second = makeListingItem({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', sku: 'PSTFSH-001' });
    const fetchMock = vi.fn(
      async (url: string) =>
        new Response(
          JSON.stringify(url.includes('cursor=') ? { items: [second], nextCursor: null } : { items: [first], nextCursor: 'next page' }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHookWithProviders(() => useItemList('batches'));

    await waitFor(() => expect(result.current.items.map((item) => item.sku)).toEqual(['PSTFSH-002']));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.items.map((item) => item.sku)).toEqual(['PSTFSH-002', 'PSTFSH-001']));
    expect(result.current.hasNextPage).toBe(false);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/items?view=batches&limit=50',
      '/api/items?view=batches&limit=50&cursor=next+page',
    ]);
  });
});

describe('useItemList with a filter', () => {
  it('sends the trimmed search text and the status, and caches each filter on its own', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ items: [makeListingItem({ sku: 'JEANS-1' })], nextCursor: null }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result, client } = renderHookWithProviders(() => useItemList('batches', { q: ' jeans ', status: 'draft' }));
    await waitFor(() => expect(result.current.items.map((item) => item.sku)).toEqual(['JEANS-1']));
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['/api/items?view=batches&limit=50&q=jeans&status=draft']);
    expect(client.getQueryData(['items', 'list', 'batches', { q: ' jeans ', status: 'draft', channel: null }])).toBeDefined();
  });
});
