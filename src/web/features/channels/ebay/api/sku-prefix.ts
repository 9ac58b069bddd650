import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ebayPaths, skuPrefixResponse } from '@shared/contracts/ebay';
import { parsedRequest } from '@/lib/api-client';

/** PUT /api/ebay/sku-prefix: the prefix of the SKUs sent to eBay from now on. */
export function useSaveSkuPrefix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skuPrefix: string) => parsedRequest(skuPrefixResponse, ebayPaths.skuPrefix, { method: 'PUT', body: { skuPrefix } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ebay', 'connection'] }),
  });
}
