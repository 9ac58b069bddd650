import { useQuery } from '@tanstack/react-query';
import { agingStockApi } from '@shared/contracts/aging-stock';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** Under the items' keys: a change to any item (a cost, a sale, a listing ended) refreshes the bands. */
export const agingStockKeys = { all: [...itemKeys.all, 'aging-stock'] as const };

/** GET /api/aging-stock: the seller's live stock by days listed. */
export function useAgingStock() {
  return useQuery({
    queryKey: agingStockKeys.all,
    queryFn: ({ signal }) => callRoute(agingStockApi.stock, { signal }),
  });
}
