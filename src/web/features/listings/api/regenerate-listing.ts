import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsPaths } from '../../../../shared/contracts/listings';
import { apiRequest } from '../../../lib/api-client';
import { invalidateItemQueries, patchCachedListings } from './listings';

/** Queues a new generation of a completed listing. */
export function useRegenerateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => apiRequest<{ queued: boolean }>(listingsPaths.regenerate(itemId), { method: 'POST' }),
    onSuccess: (_answer, itemId) => {
      patchCachedListings(queryClient, (item) => (item.id === itemId ? { ...item, generationQueued: true } : item));
      void invalidateItemQueries(queryClient);
    },
  });
}
