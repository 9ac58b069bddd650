import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingItem, listingsPaths, type EditListingBody } from '@shared/contracts/listings';
import { replaceCachedListing } from '@/entities/items/item-cache';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** Saves an inline edit of title, description and tags. */
export function useEditListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: EditListingBody & { itemId: string }) =>
      parsedRequest(listingItem, listingsPaths.listing(itemId), { method: 'PATCH', body }),
    onSuccess: (saved) => {
      replaceCachedListing(queryClient, saved);
      void invalidateItemQueries(queryClient);
    },
  });
}
