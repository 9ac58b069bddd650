import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Item, ItemView } from '../../../shared/contracts/items';
import { fetchItemsPage } from './fetchers';
import { itemKeys } from './query-keys';

const PAGE_SIZE = 50;

/** One view of the seller's items (GET /api/items?view=), newest first, a page at a time: `fetchNextPage` loads more. */
export function useItemList(view: ItemView) {
  const query = useInfiniteQuery({
    queryKey: itemKeys.list(view),
    queryFn: ({ pageParam, signal }) => fetchItemsPage(view, pageParam, PAGE_SIZE, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items: Item[] = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, items };
}
