import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { fetchListingsPage } from './fetchers';
import { itemKeys } from './query-keys';

const PAGE_SIZE = 100;

/** Every item of the seller with its listing, newest first: pages of 100, all fetched (the screen groups them). */
export function useListings(options: { pollMs?: number | false } = {}) {
  const query = useInfiniteQuery({
    queryKey: itemKeys.listings(),
    queryFn: ({ pageParam, signal }) => fetchListingsPage(pageParam, PAGE_SIZE, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: options.pollMs ?? false,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const items: ListingItem[] = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, items };
}
