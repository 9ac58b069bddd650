import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ebayApi } from '@shared/contracts/ebay';
import { callRoute } from '@/lib/route-client';

/** PUT /api/ebay/sku-prefix: the prefix of the SKUs sent to eBay from now on. */
export function useSaveSkuPrefix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skuPrefix: string) => callRoute(ebayApi.setSkuPrefix, { body: { skuPrefix } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ebay', 'connection'] }),
  });
}
