import { useQuery } from '@tanstack/react-query';
import { etsyApi } from '@shared/contracts/etsy';
import { callRoute } from '@/lib/route-client';

export const etsyConnectionKey = ['etsy', 'connection'] as const;

/**
 * GET /api/etsy/connection: the seller's Etsy shop and its setup (never the tokens); the Marketplaces screen and the
 * channel picker read it. A server without Etsy's keys answers 409: an error here, "not connected" to the picker.
 */
export function useEtsyConnection() {
  return useQuery({
    queryKey: etsyConnectionKey,
    queryFn: () => callRoute(etsyApi.connection),
    retry: false,
  });
}
