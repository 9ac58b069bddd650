import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemReadinessApi, type QuickFixBody } from '@shared/contracts/publish';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/**
 * The seller's answer to a held item's question (eBay's standard Size), saved as the review's Quick Fix
 * saves it (PATCH /api/items/:id/quick-fix): the item's own size from now on, kept by every generation.
 */
export function useSaveAspectAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, aspects }: { itemId: string; aspects: NonNullable<QuickFixBody['aspects']> }) =>
      callRoute(itemReadinessApi.quickFix, { params: { id: itemId }, body: { aspects } }),
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
