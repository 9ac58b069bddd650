import { comparablesPaths, comparablesResponse } from '@shared/contracts/comparables';
import { parsedRequest } from '@/lib/api-client';
import { useQueryOfChange } from '@/lib/use-query-of-change';

export const comparablesKeys = { item: (itemId: string) => ['comparables', itemId] as const };

/**
 * GET /api/items/:id/comparables, asked only while a panel shows it. The key carries the item's last change, so a
 * new category, condition or size asks again (the server answers a repeated query from its day-long cache).
 */
export function useComparables(itemId: string, itemUpdatedAt: string) {
  return useQueryOfChange({
    queryKey: comparablesKeys.item(itemId),
    change: [itemUpdatedAt],
    queryFn: ({ signal }) => parsedRequest(comparablesResponse, comparablesPaths.item(itemId), { signal }),
    staleTime: 10 * 60_000,
  });
}
