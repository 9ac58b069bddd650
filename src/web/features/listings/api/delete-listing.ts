import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsPaths, type ListingItem } from '../../../../shared/contracts/listings';
import { apiRequest } from '../../../lib/api-client';
import { invalidateItemQueries, patchCachedListings } from './listings';

/** Deletes one listing: the AI fields are cleared, the item goes back to pending and stays. */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => apiRequest<ListingItem>(listingsPaths.listing(itemId), { method: 'DELETE' }),
    onSuccess: (reset) => {
      patchCachedListings(queryClient, (item) => (item.id === reset.id ? reset : item));
      void invalidateItemQueries(queryClient);
    },
  });
}
