import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ebayPublishApi } from '@shared/contracts/ebay-publish';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** POST /api/ebay/publish: every selected item with its saved price and category; refusals come back in words. */
export function useBulkPublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => callRoute(ebayPublishApi.bulk, { body: { itemIds } }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
