import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsApi, type EditListingBody } from '@shared/contracts/listings';
import { replaceCachedListing } from '@/entities/items/item-cache';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** Saves an inline edit of title, description and tags. */
export function useEditListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: EditListingBody & { itemId: string }) =>
      callRoute(listingsApi.update, { params: { id: itemId }, body }),
    onSuccess: (saved) => {
      replaceCachedListing(queryClient, saved);
      void invalidateItemQueries(queryClient);
    },
  });
}
