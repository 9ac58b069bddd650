import { useQuery } from '@tanstack/react-query';
import { shopifyApi } from '@shared/contracts/shopify';
import { callRoute } from '@/lib/route-client';

export const shopifyConnectionKey = ['shopify', 'connection'] as const;

/** GET /api/shopify/connection: the seller's Shopify store (never the token), for the Marketplaces screen. */
export function useShopifyConnection() {
  return useQuery({
    queryKey: shopifyConnectionKey,
    queryFn: () => callRoute(shopifyApi.connection),
    retry: false,
  });
}
