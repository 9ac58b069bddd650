import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsApi } from '@shared/contracts/listings';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** Deletes the listings of many items at once (the items stay). */
export function useDeleteListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => callRoute(listingsApi.removeMany, { body: { itemIds } }),
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
