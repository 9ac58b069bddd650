import { useQuery } from '@tanstack/react-query';
import { shopifyConnectionResponse, shopifyPaths } from '@shared/contracts/shopify';
import { parsedRequest } from '@/lib/api-client';

export const shopifyConnectionKey = ['shopify', 'connection'] as const;

/** GET /api/shopify/connection: the seller's Shopify store (never the token), for the Marketplaces screen. */
export function useShopifyConnection() {
  return useQuery({
    queryKey: shopifyConnectionKey,
    queryFn: () => parsedRequest(shopifyConnectionResponse, shopifyPaths.connection),
    retry: false,
  });
}
