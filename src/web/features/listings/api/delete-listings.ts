import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsPaths, resetListingsResponse } from '@shared/contracts/listings';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** Deletes the listings of many items at once (the items stay). */
export function useDeleteListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) =>
      parsedRequest(resetListingsResponse, listingsPaths.bulkDelete, { method: 'POST', body: { itemIds } }),
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
