import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsApi } from '@shared/contracts/listings';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';
import { patchCachedListings } from './item-cache';
import { invalidateItemQueries } from './query-keys';

/**
 * POST /api/items/:id/listing/regenerate: queues a new generation of a completed listing (Regenerate on Generate
 * Listings, Regenerate with Full Auto-Fill on the publish screen).
 */
export function useRegenerateListing(told: Told<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => callRoute(listingsApi.regenerate, { params: { id: itemId } }),
    onSuccess: (_answer, itemId) => {
      patchCachedListings(queryClient, (item) => (item.id === itemId ? { ...item, generationQueued: true } : item));
      void invalidateItemQueries(queryClient);
      told.onSuccess?.(_answer, itemId);
    },
    onError: told.onError,
  });
}
