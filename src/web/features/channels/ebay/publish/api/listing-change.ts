import { listingChangePaths, listingChangeResponse } from '@shared/contracts/listing-changes';
import type { ListingChange } from '@shared/domain/channel-listing';
import { useItemsMutation } from '@/entities/items/item-mutations';
import { parsedRequest } from '@/lib/api-client';

/** POST /api/items/:id/listings/ebay/{revise,end,relist}: queued at once; the listing's progress follows on the event stream. */
export function useListingChange() {
  return useItemsMutation(({ itemId, change }: { itemId: string; change: ListingChange }) =>
    parsedRequest(listingChangeResponse, listingChangePaths[change](itemId, 'ebay'), { method: 'POST' }),
  );
}
