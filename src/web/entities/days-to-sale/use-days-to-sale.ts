import { useQuery } from '@tanstack/react-query';
import { daysToSaleOf } from './days-to-sale-batch';

/** What the prediction is narrowed by: a change of either asks again (the AI's category arriving after capture). */
export interface DaysToSaleFacts {
  category?: string | null;
  brand?: string | null;
}

export const daysToSaleKeys = {
  all: ['days-to-sale'] as const,
  item: (itemId: string, facts: DaysToSaleFacts = {}) => ['days-to-sale', itemId, facts.category ?? null, facts.brand ?? null] as const,
};

/**
 * The item's days to sale per marketplace (decisions 147, 152), asked with every other card's in one batched call;
 * the collapsed card's line and the expanded card's details share the one answer. A sale moves it slowly.
 */
export function useDaysToSale(itemId: string, facts: DaysToSaleFacts = {}, enabled = true) {
  return useQuery({
    queryKey: daysToSaleKeys.item(itemId, facts),
    queryFn: () => daysToSaleOf(itemId),
    staleTime: 10 * 60_000,
    enabled,
  });
}
