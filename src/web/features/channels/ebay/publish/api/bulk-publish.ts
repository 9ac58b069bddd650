import { ebayPublishApi } from '@shared/contracts/ebay-publish';
import { useItemsMutation } from '@/entities/items/item-mutations';
import { callRoute } from '@/lib/route-client';

/** POST /api/ebay/publish: every selected item with its saved price and category; refusals come back in words. */
export function useBulkPublish() {
  return useItemsMutation((itemIds: string[]) => callRoute(ebayPublishApi.bulk, { body: { itemIds } }));
}
