import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generateListingsResponse, listingsPaths } from '@shared/contracts/listings';
import { patchCachedListings } from '../../../entities/items/item-cache';
import { invalidateItemQueries } from '../../../entities/items/query-keys';
import { parsedRequest } from '../../../lib/api-client';

/** Queues generation of one or many listings; the server answers at once, workers do the rest. */
export function useGenerateListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) =>
      parsedRequest(generateListingsResponse, listingsPaths.generate, { method: 'POST', body: { itemIds } }),
    onSuccess: (answer) => {
      const waiting = new Set([...answer.queued, ...answer.alreadyQueued]);
      patchCachedListings(queryClient, (item) =>
        waiting.has(item.id) && item.aiGenerationStatus !== 'generating' ? { ...item, generationQueued: true } : item,
      );
      void invalidateItemQueries(queryClient);
    },
  });
}
