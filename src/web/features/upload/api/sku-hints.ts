import { useQuery } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** GET /api/items/sku-hints: the last SKU used, the one the generator gives next and the free ones after it. */
export function useSkuHints(enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.skuHints(),
    queryFn: ({ signal }) => callRoute(itemsApi.skuHints, { signal }),
    enabled,
  });
}
