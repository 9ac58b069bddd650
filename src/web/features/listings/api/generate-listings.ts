import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsPaths, type GenerateListingsResponse } from '../../../../shared/contracts/listings';
import { apiRequest } from '../../../lib/api-client';
import { invalidateItemQueries, patchCachedListings } from './listings';

/** Queues generation of one or many listings; the server answers at once, workers do the rest. */
export function useGenerateListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => apiRequest<GenerateListingsResponse>(listingsPaths.generate, { method: 'POST', body: { itemIds } }),
    onSuccess: (answer) => {
      const waiting = new Set([...answer.queued, ...answer.alreadyQueued]);
      patchCachedListings(queryClient, (item) => (waiting.has(item.id) && item.aiGenerationStatus !== 'generating' ? { ...item, generationQueued: true } : item));
      void invalidateItemQueries(queryClient);
    },
  });
}
