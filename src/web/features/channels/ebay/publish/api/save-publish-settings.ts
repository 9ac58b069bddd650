import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ebayPublishApi } from '@shared/contracts/ebay-publish';
import type { PublishBody } from '@shared/contracts/publish';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** PUT /api/items/:id/publish-settings: saved without publishing; a later Publish or bulk publish uses them. */
export function useSavePublishSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: PublishBody & { itemId: string }) =>
      callRoute(ebayPublishApi.saveSettings, { params: { id: itemId }, body }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
