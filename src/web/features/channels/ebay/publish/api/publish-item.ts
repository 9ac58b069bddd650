import { ebayPublishApi } from '@shared/contracts/ebay-publish';
import type { PublishBody } from '@shared/contracts/publish';
import { useItemsMutation } from '@/entities/items/item-mutations';
import { callRoute } from '@/lib/route-client';

/** POST /api/items/:id/publish: queued at once; Published or Failed follows on the event stream. */
export function usePublishItem() {
  return useItemsMutation(({ itemId, ...body }: PublishBody & { itemId: string }) =>
    callRoute(ebayPublishApi.publish, { params: { id: itemId }, body }),
  );
}
