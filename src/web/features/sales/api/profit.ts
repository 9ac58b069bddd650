import type { Money } from '@shared/domain/money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profitApi } from '@shared/contracts/profit';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** Under the items' keys: a change to any item (its cost, a sale's fees arriving) refreshes these too. */
export const profitKeys = {
  all: [...itemKeys.all, 'profit'] as const,
  months: (timeZone: string) => [...profitKeys.all, 'months', timeZone] as const,
  /** `version`: the item's updatedAt, which changes with its sales and their fees (the event stream refreshes it). */
  item: (itemId: string, version: string) => [...profitKeys.all, 'item', itemId, version] as const,
};

/** The browser's time zone: sales belong to the seller's own months. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** GET /api/profit: sold items by month. */
export function useProfitMonths(timeZone: string) {
  return useQuery({
    queryKey: profitKeys.months(timeZone),
    queryFn: ({ signal }) => callRoute(profitApi.months, { query: { tz: timeZone }, signal }),
  });
}

/** GET /api/items/:id/profit: the item's cost and sales with their profit. */
export function useItemProfit(itemId: string, version: string) {
  return useQuery({
    queryKey: profitKeys.item(itemId, version),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callRoute(profitApi.item, { params: { id: itemId }, signal }),
  });
}

/** PATCH /api/sales/:id: what the seller paid to send the sale. */
export function useSaveShippingCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, shippingCost }: { saleId: string; shippingCost: Money | null }) =>
      callRoute(profitApi.shippingCost, { params: { id: saleId }, body: { shippingCost } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profitKeys.all }),
  });
}
