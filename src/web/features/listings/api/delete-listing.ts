import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingItem, listingsPaths } from '@shared/contracts/listings';
import { replaceCachedListing } from '@/entities/items/item-cache';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** Deletes one listing: the AI fields are cleared, the item goes back to pending and stays. */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => parsedRequest(listingItem, listingsPaths.listing(itemId), { method: 'DELETE' }),
    onSuccess: (reset) => {
      replaceCachedListing(queryClient, reset);
      void invalidateItemQueries(queryClient);
    },
  });
}
