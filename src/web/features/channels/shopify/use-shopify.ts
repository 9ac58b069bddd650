import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopifyConnectResponse, shopifyPaths } from '@shared/contracts/shopify';
import { apiRequest, parsedRequest } from '../../../lib/api-client';

export { shopifyConnectionKey, useShopifyConnection } from '../../../entities/channels/use-shopify-connection';

/** Connect: the store's own install page in this tab; Shopify sends the seller back to the Marketplaces screen. */
export function useShopifyConnect() {
  return useMutation({
    mutationFn: (shop: string) => parsedRequest(shopifyConnectResponse, shopifyPaths.connect, { method: 'POST', body: { shop } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useShopifyDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(shopifyPaths.connection, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['shopify'] }),
  });
}
