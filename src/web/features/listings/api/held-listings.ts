import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listingsApi, type GenerateListingsResponse, type HeldListingsResponse } from '@shared/contracts/listings';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/**
 * The seller's items held for an answer before writing (GET /api/listings/held, decision 116): Generate's holds and
 * the camera batches' background generation's, kept by the server, so a reload shows them again.
 */
export function useHeldListings() {
  return useQuery({
    queryKey: itemKeys.held(),
    queryFn: ({ signal }) => callRoute(listingsApi.held, { signal }),
  });
}

/** Generate's answer in the cache at once: the items asked for are held as it says, or no longer held. */
export function patchCachedHolds(queryClient: QueryClient, asked: string[], answer: GenerateListingsResponse) {
  queryClient.setQueryData<HeldListingsResponse>(itemKeys.held(), (data) => {
    const gone = new Set([...asked, ...answer.held.map((h) => h.itemId)]);
    return { held: [...answer.held, ...(data?.held ?? []).filter((h) => !gone.has(h.itemId))] };
  });
}
