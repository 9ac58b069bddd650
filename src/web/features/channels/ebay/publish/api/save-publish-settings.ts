import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishPaths, publishSettingsResponse, type PublishBody } from '@shared/contracts/publish';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** PUT /api/items/:id/publish-settings: saved without publishing; a later Publish or bulk publish uses them. */
export function useSavePublishSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: PublishBody & { itemId: string }) =>
      parsedRequest(publishSettingsResponse, publishPaths.settings(itemId), { method: 'PUT', body }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
