import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishPaths, quickFixResponse, type QuickFixBody } from '@shared/contracts/publish';
import { invalidateItemQueries } from '../../../../entities/items/query-keys';
import { parsedRequest } from '../../../../lib/api-client';

/** PATCH /api/items/:id/quick-fix: category, condition, eBay category id, aspects; the item and its readiness refetch. */
export function useQuickFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: QuickFixBody & { itemId: string }) =>
      parsedRequest(quickFixResponse, publishPaths.quickFix(itemId), { method: 'PATCH', body }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
