import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsApi, type GenerateListingsBody, type GenerateListingsResponse } from '@shared/contracts/listings';
import { patchCachedListings } from '@/entities/items/item-cache';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';
import { patchCachedHolds } from './held-listings';

/**
 * Queues generation of one or many listings, with the category, condition and brand the seller set on their cards;
 * the server answers at once, workers do the rest. Items held for the seller's answer (a size eBay takes none of) are
 * shown as held at once. The seller is told through `told`, given to the mutation (two cards' Generate pressed before
 * the first answers each start their run).
 */
export function useGenerateListings(told: Told<GenerateListingsResponse, GenerateListingsBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateListingsBody) => callRoute(listingsApi.generate, { body }),
    onSuccess: (answer, body) => {
      patchCachedHolds(queryClient, body.itemIds, answer);
      const waiting = new Set([...answer.queued, ...answer.alreadyQueued]);
      patchCachedListings(queryClient, (item) =>
        waiting.has(item.id) && item.aiGenerationStatus !== 'generating' ? { ...item, generationQueued: true } : item,
      );
      void invalidateItemQueries(queryClient);
      told.onSuccess?.(answer, body);
    },
    onError: told.onError,
  });
}
