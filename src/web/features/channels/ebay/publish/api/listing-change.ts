import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingChangePaths, listingChangeResponse } from '@shared/contracts/listing-changes';
import type { ListingChange } from '@shared/domain/channel-listing';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** POST /api/items/:id/listings/ebay/{revise,end,relist}: queued at once; the listing's progress follows on the event stream. */
export function useListingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, change }: { itemId: string; change: ListingChange }) =>
      parsedRequest(listingChangeResponse, listingChangePaths[change](itemId, 'ebay'), { method: 'POST' }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
