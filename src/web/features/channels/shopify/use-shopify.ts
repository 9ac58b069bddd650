import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopifyConnectionResponse, shopifyConnectResponse, shopifyPaths } from '@shared/contracts/shopify';
import { apiRequest, parsedRequest } from '../../../lib/api-client';

export const shopifyConnectionKey = ['shopify', 'connection'] as const;

/** GET /api/shopify/connection: the seller's Shopify store (never the token), for the Marketplaces screen. */
export function useShopifyConnection() {
  return useQuery({
    queryKey: shopifyConnectionKey,
    queryFn: () => parsedRequest(shopifyConnectionResponse, shopifyPaths.connection),
    retry: false,
  });
}

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
