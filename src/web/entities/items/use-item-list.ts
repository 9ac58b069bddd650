import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ItemView, ListedItem } from '@shared/contracts/items';
import { fetchItemsPage } from './fetchers';
import { itemKeys, type ItemListFilter } from './query-keys';

const PAGE_SIZE = 50;

/**
 * One view of the seller's items (GET /api/items?view=), newest first, a page at a time: `fetchNextPage` loads more.
 * A filter (search text, status) is its own cached list; the previous one stays shown while the new one loads.
 */
export function useItemList(view: ItemView, filter: ItemListFilter = {}) {
  const query = useInfiniteQuery({
    queryKey: itemKeys.list(view, filter),
    queryFn: ({ pageParam, signal }) => fetchItemsPage(view, pageParam, PAGE_SIZE, signal, filter),
    placeholderData: keepPreviousData,
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items: ListedItem[] = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, items };
}
