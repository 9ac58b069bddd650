import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listingsPaths, type ListingItem, type ListListingsResponse } from '../../../../shared/contracts/listings';
import { apiRequest } from '../../../lib/api-client';

export const listingsKey = ['listings', 'list'] as const;

/** Every item of the seller with its listing, newest first (pages of 100, all fetched). */
export function useListings(options: { pollMs?: number | false } = {}) {
  const query = useInfiniteQuery({
    queryKey: listingsKey,
    queryFn: ({ pageParam }) =>
      apiRequest<ListListingsResponse>(`${listingsPaths.collection}?limit=100${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: options.pollMs ?? false,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const items: ListingItem[] = query.data?.pages.flatMap((p) => p.items) ?? [];
  return { ...query, items };
}

/** Changes cached items in place (optimistic updates and answers of single-item calls). */
export function patchCachedListings(queryClient: QueryClient, change: (item: ListingItem) => ListingItem) {
  queryClient.setQueryData<InfiniteData<ListListingsResponse>>(listingsKey, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) } : data,
  );
}

/** Everything the listing screens and the dashboard show about items. */
export function invalidateItemQueries(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ['listings'] }), queryClient.invalidateQueries({ queryKey: ['items'] })]);
}
