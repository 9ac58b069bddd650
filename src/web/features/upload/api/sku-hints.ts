import { useQuery } from '@tanstack/react-query';
import { itemsPaths, skuHintsResponse } from '@shared/contracts/items';
import { itemKeys } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** GET /api/items/sku-hints: the last SKU used, the one the generator gives next and the free ones after it. */
export function useSkuHints(enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.skuHints(),
    queryFn: ({ signal }) => parsedRequest(skuHintsResponse, itemsPaths.skuHints, { signal }),
    enabled,
  });
}
