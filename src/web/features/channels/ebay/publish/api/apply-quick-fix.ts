import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListedItem } from '@shared/contracts/items';
import { ebayPublishApi } from '@shared/contracts/ebay-publish';
import { itemReadinessApi } from '@shared/contracts/publish';
import { DEFAULT_QUANTITY } from '@shared/domain/catalog';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import type { QuickFixChange } from '../quick-fix-form';
import { ebayPublishOf } from '@/features/channels/ebay/listing';

/**
 * Apply Quick Fix: PATCH /api/items/:id/quick-fix with its fields, then a new price through Publish Settings' own
 * call (PUT /api/items/:id/publish-settings, the same contract and checks), the item's quantity kept. The item and
 * its readiness refetch after.
 */
export function useApplyQuickFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, change, confirmUnderFloor }: { item: ListedItem; change: QuickFixChange; confirmUnderFloor?: boolean }) => {
      if (Object.keys(change.fix).length > 0) {
        await callRoute(itemReadinessApi.quickFix, { params: { id: item.id }, body: change.fix });
      }
      if (change.price !== null) {
        const quantity = ebayPublishOf(item)?.quantity ?? DEFAULT_QUANTITY;
        await callRoute(ebayPublishApi.saveSettings, {
          params: { id: item.id },
          body: { price: change.price, quantity, ...(confirmUnderFloor ? { confirmUnderFloor } : {}) },
        });
      }
    },
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
