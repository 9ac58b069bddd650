import { itemReadinessApi, type QuickFixBody } from '@shared/contracts/publish';
import { useItemsMutation } from '@/entities/items/item-mutations';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';

/** The answers to one held item's questions. */
export interface AspectAnswers {
  itemId: string;
  aspects: NonNullable<QuickFixBody['aspects']>;
}

/**
 * The seller's answer to a held item's question (eBay's standard Size), saved as the review's Quick Fix
 * saves it (PATCH /api/items/:id/quick-fix): the item's own size from now on, kept by every generation.
 */
export function useSaveAspectAnswers(told: Told<unknown, AspectAnswers> = {}) {
  return useItemsMutation(
    ({ itemId, aspects }: AspectAnswers) => callRoute(itemReadinessApi.quickFix, { params: { id: itemId }, body: { aspects } }),
    told,
  );
}
