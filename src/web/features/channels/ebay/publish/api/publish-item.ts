import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishPaths, publishResponse, type PublishBody } from '@shared/contracts/publish';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** POST /api/items/:id/publish: queued at once; Published or Failed follows on the event stream. */
export function usePublishItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: PublishBody & { itemId: string }) =>
      parsedRequest(publishResponse, publishPaths.publish(itemId), { method: 'POST', body }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
