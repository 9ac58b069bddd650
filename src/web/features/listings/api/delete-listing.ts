import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsApi } from '@shared/contracts/listings';
import { replaceCachedListing } from '@/entities/items/item-cache';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';

/** Deletes one listing: the AI fields are cleared, the item goes back to pending and stays. */
export function useDeleteListing(told: Told<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => callRoute(listingsApi.remove, { params: { id: itemId } }),
    onSuccess: (reset, itemId) => {
      replaceCachedListing(queryClient, reset);
      void invalidateItemQueries(queryClient);
      told.onSuccess?.(reset, itemId);
    },
    onError: told.onError,
  });
}
