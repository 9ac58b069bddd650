import { useQuery } from '@tanstack/react-query';
import { daysToSalePaths, daysToSaleResponse } from '@shared/contracts/days-to-sale';
import { parsedRequest } from '@/lib/api-client';

export const daysToSaleKeys = { item: (itemId: string) => ['days-to-sale', itemId] as const };

/** GET /api/items/:id/days-to-sale, asked only while the item's details show it (a sale moves it slowly). */
export function useDaysToSale(itemId: string) {
  return useQuery({
    queryKey: daysToSaleKeys.item(itemId),
    queryFn: ({ signal }) => parsedRequest(daysToSaleResponse, daysToSalePaths.item(itemId), { signal }),
    staleTime: 10 * 60_000,
  });
}
