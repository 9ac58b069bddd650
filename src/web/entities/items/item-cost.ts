import type { Money } from '@shared/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { callRoute } from '@/lib/route-client';
import { replaceCachedItem } from './item-cache';
import { itemKeys } from './query-keys';

/** PATCH /api/items/:id {cost}: what one of the item cost the seller (null clears it); profit figures follow. */
export function useSaveItemCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, cost }: { itemId: string; cost: Money | null }) =>
      callRoute(itemsApi.update, { params: { id: itemId }, body: { cost } }),
    onSuccess: (saved) => {
      replaceCachedItem(queryClient, saved);
      // The item's profit and the Profit view read the cost.
      void queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'profit'] });
    },
  });
}
