import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsPaths, type EditListingBody, type ListingItem } from '../../../../shared/contracts/listings';
import { apiRequest } from '../../../lib/api-client';
import { invalidateItemQueries, patchCachedListings } from './listings';

/** Saves an inline edit of title, description and tags. */
export function useEditListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: EditListingBody & { itemId: string }) =>
      apiRequest<ListingItem>(listingsPaths.listing(itemId), { method: 'PATCH', body }),
    onSuccess: (saved) => {
      patchCachedListings(queryClient, (item) => (item.id === saved.id ? saved : item));
      void invalidateItemQueries(queryClient);
    },
  });
}
