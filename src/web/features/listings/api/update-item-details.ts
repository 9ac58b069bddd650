import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
import type { ItemDetails } from '@shared/contracts/listings';
import { patchCachedListings, replaceCachedItem } from '@/entities/items/item-cache';
import { parsedRequest } from '@/lib/api-client';

/** Saves the seller's category, condition and brand of one item (PATCH /api/items/:id); readiness follows them. */
export function useUpdateItemDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: ItemDetails) => parsedRequest(item, itemsPaths.item(itemId), { method: 'PATCH', body }),
    onSuccess: (saved) => {
      // The answer is the item without the listing screen's extras (evidence, provider, queue state): keep those.
      patchCachedListings(queryClient, (cached) => (cached.id === saved.id ? { ...cached, ...saved } : cached));
      replaceCachedItem(queryClient, saved);
    },
  });
}
