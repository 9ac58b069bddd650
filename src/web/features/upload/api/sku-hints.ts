import { useQuery } from '@tanstack/react-query';
import { itemsPaths, skuHintsResponse } from '../../../../shared/contracts/items';
import { apiRequest } from '../../../lib/api-client';

export const skuHintsKey = ['items', 'sku-hints'] as const;

/** GET /api/items/sku-hints: the last SKU used and the one the generator gives next. */
export function useSkuHints(enabled: boolean) {
  return useQuery({
    queryKey: skuHintsKey,
    queryFn: async ({ signal }) => skuHintsResponse.parse(await apiRequest<unknown>(itemsPaths.skuHints, { signal })),
    enabled,
  });
}
