import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ebayPublishApi } from '@shared/contracts/ebay-publish';
import type { PublishBody } from '@shared/contracts/publish';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** POST /api/items/:id/publish: queued at once; Published or Failed follows on the event stream. */
export function usePublishItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: PublishBody & { itemId: string }) =>
      callRoute(ebayPublishApi.publish, { params: { id: itemId }, body }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
