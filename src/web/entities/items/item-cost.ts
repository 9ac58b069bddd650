import type { Money } from '@shared/domain/money';
import { readMoneyInput } from '@shared/domain/money-input';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
import { parsedRequest } from '../../lib/api-client';
import { replaceCachedItem } from './item-cache';
import { itemKeys } from './query-keys';

/**
 * What the seller typed as the item's cost, exactly, in the item's currency (decision 081): null when empty, or
 * undefined when it is not an amount ("abc", "-2", "1.234"). "$4.50" and "4,50" are read as 4.50.
 */
export function parseCostInput(text: string, currency: string): Money | null | undefined {
  const typed = readMoneyInput(text, currency);
  return typed.ok ? typed.value : undefined;
}

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
