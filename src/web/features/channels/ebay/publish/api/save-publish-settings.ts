import { ebayPublishApi } from '@shared/contracts/ebay-publish';
import type { PublishBody } from '@shared/contracts/publish';
import { useItemsMutation } from '@/entities/items/item-mutations';
import { callRoute } from '@/lib/route-client';

/** PUT /api/items/:id/publish-settings: saved without publishing; a later Publish or bulk publish uses them. */
export function useSavePublishSettings() {
  return useItemsMutation(({ itemId, ...body }: PublishBody & { itemId: string }) =>
    callRoute(ebayPublishApi.saveSettings, { params: { id: itemId }, body }),
  );
}
