import type { Money } from '@shared/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
import { parsedRequest } from '@/lib/api-client';
import { replaceCachedItem } from './item-cache';
import { itemKeys } from './query-keys';

/** PATCH /api/items/:id {cost}: what one of the item cost the seller (null clears it); profit figures follow. */
export function useSaveItemCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, cost }: { itemId: string; cost: Money | null }) =>
      parsedRequest(item, itemsPaths.item(itemId), { method: 'PATCH', body: { cost } }),
    onSuccess: (saved) => {
      replaceCachedItem(queryClient, saved);
      // The item's profit and the Profit view read the cost.
      void queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'profit'] });
    },
  });
}
