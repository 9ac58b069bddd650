import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsApi, type ResetListingsResponse } from '@shared/contracts/listings';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';

/** Deletes the listings of many items at once (the items stay). */
export function useDeleteListings(told: Told<ResetListingsResponse, string[]> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => callRoute(listingsApi.removeMany, { body: { itemIds } }),
    ...told,
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
