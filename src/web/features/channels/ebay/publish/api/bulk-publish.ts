import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkPublishResponse } from '@shared/contracts/publish';
import { ebayPublishPaths } from '@shared/contracts/ebay-publish';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** POST /api/ebay/publish: every selected item with its saved price and category; refusals come back in words. */
export function useBulkPublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => parsedRequest(bulkPublishResponse, ebayPublishPaths.bulk, { method: 'POST', body: { itemIds } }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
