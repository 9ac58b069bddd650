import { toDecimal } from '@shared/domain/money';
import { parsePriceInput } from '@shared/domain/price-input';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
import { parsedRequest } from '../../lib/api-client';
import { replaceCachedItem } from './item-cache';
import { itemKeys } from './query-keys';

/**
 * What the seller typed as an amount of money: a number of cents at most, null when empty, or undefined when it is
 * not an amount ("abc", "-2", "1.234"). "$4.50" and "4,50" are read as 4.50.
 */
export function parseMoneyInput(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replace(',', '.').trim();
  if (!cleaned) return null;
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(cleaned)) return undefined;
  return toDecimal(parsePriceInput(cleaned)!);
}

/** An amount as the seller types it back (4.5 → "4.50"), empty for none. */
export const moneyInputText = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** PATCH /api/items/:id {cost}: what one of the item cost the seller (null clears it); profit figures follow. */
export function useSaveItemCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, cost }: { itemId: string; cost: number | null }) =>
      parsedRequest(item, itemsPaths.item(itemId), { method: 'PATCH', body: { cost } }),
    onSuccess: (saved) => {
      replaceCachedItem(queryClient, saved);
      // The item's profit and the Profit view read the cost.
      void queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'profit'] });
    },
  });
}
