import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import type { ItemDetails } from '@shared/contracts/listings';
import { patchCachedListings, replaceCachedItem } from '@/entities/items/item-cache';
import { callRoute } from '@/lib/route-client';

/** Saves the seller's category, condition and brand of one item (PATCH /api/items/:id); readiness follows them. */
export function useUpdateItemDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: ItemDetails) => callRoute(itemsApi.update, { params: { id: itemId }, body }),
    onSuccess: (saved) => {
      // The answer is the item without the listing screen's extras (evidence, provider, queue state): keep those.
      patchCachedListings(queryClient, (cached) => (cached.id === saved.id ? { ...cached, ...saved } : cached));
      replaceCachedItem(queryClient, saved);
    },
  });
}
