import { useQuery } from '@tanstack/react-query';
import { ebayApi } from '@shared/contracts/ebay';
import { callRoute } from '@/lib/route-client';

export const ebayConnectionKey = ['ebay', 'connection'] as const;

/** GET /api/ebay/connection: the seller's connection (never the tokens); the eBay screen and the dashboard read it. */
export function useEbayConnection({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ebayConnectionKey, queryFn: () => callRoute(ebayApi.connection), enabled });
}
