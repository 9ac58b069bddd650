import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsApi, type ItemDetails } from '@shared/contracts/listings';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';
import { patchCachedListings } from './item-cache';
import { invalidateItemQueries } from './query-keys';

/** The listing to write again, with the category, condition and brand on the seller's screen where it shows them. */
export interface RegenerateAsk {
  itemId: string;
  details?: Omit<ItemDetails, 'itemId'>;
}

/**
 * POST /api/items/:id/listing/regenerate: queues a new generation of a completed listing (Regenerate on Generate
 * Listings, Regenerate with Full Auto-Fill on the publish screen).
 */
export function useRegenerateListing(told: Told<unknown, RegenerateAsk> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, details }: RegenerateAsk) =>
      callRoute(listingsApi.regenerate, { params: { id: itemId }, body: details ? { details } : {} }),
    onSuccess: (_answer, ask) => {
      const { itemId } = ask;
      patchCachedListings(queryClient, (item) => (item.id === itemId ? { ...item, generationQueued: true } : item));
      void invalidateItemQueries(queryClient);
      told.onSuccess?.(_answer, ask);
    },
    onError: told.onError,
  });
}
