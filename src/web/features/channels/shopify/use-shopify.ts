import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@shared/contracts/ebay';
import { shopifyConnectionResponse, shopifyConnectResponse, shopifyPaths } from '@shared/contracts/shopify';
import { useToast } from '../../../components/toast';
import { parsedRequest } from '../../../lib/api-client';

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

/** Disconnect: the server says what it did (the store's orders webhook deleted with it), in a toast. */
export function useShopifyDisconnect() {
  const queryClient = useQueryClient();
  const notify = useToast();
  return useMutation({
    mutationFn: () => parsedRequest(okResponse, shopifyPaths.connection, { method: 'DELETE' }),
    onSuccess: async ({ message }) => {
      notify('success', message);
      await queryClient.invalidateQueries({ queryKey: ['shopify'] });
    },
  });
}
