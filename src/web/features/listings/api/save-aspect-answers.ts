import { itemReadinessApi, type QuickFixBody } from '@shared/contracts/publish';
import { useItemsMutation } from '@/entities/items/item-mutations';
import { callRoute } from '@/lib/route-client';

/**
 * The seller's answer to a held item's question (eBay's standard Size), saved as the review's Quick Fix
 * saves it (PATCH /api/items/:id/quick-fix): the item's own size from now on, kept by every generation.
 */
export function useSaveAspectAnswers() {
  return useItemsMutation(({ itemId, aspects }: { itemId: string; aspects: NonNullable<QuickFixBody['aspects']> }) =>
    callRoute(itemReadinessApi.quickFix, { params: { id: itemId }, body: { aspects } }),
  );
}
