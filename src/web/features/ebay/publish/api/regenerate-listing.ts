import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsPaths, regenerateResponse } from '@shared/contracts/listings';
import { patchCachedListings } from '../../../../entities/items/item-cache';
import { invalidateItemQueries } from '../../../../entities/items/query-keys';
import { parsedRequest } from '../../../../lib/api-client';

/** POST /api/items/:id/listing/regenerate: Regenerate with Full Auto-Fill (title, text and the eBay metadata). */
export function useRegenerateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => parsedRequest(regenerateResponse, listingsPaths.regenerate(itemId), { method: 'POST' }),
    onSuccess: (_answer, itemId) => {
      patchCachedListings(queryClient, (item) => (item.id === itemId ? { ...item, generationQueued: true } : item));
      void invalidateItemQueries(queryClient);
    },
  });
}
