import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sellerRegionResponse, sellerRegionRoutes } from '@shared/contracts/seller-region';
import type { SellerCountry } from '@shared/domain/seller-region';
import { parsedRequest } from '@/lib/api-client';

export const sellerRegionKey = ['seller-region'] as const;

/** GET /api/seller-region: where the seller sells from (their currency, locale and eBay marketplace). */
export function useSellerRegion() {
  return useQuery({ queryKey: sellerRegionKey, queryFn: () => parsedRequest(sellerRegionResponse, sellerRegionRoutes.region) });
}

/**
 * PUT /api/seller-region: the seller's own choice of country. Their eBay connection (its marketplace) and every amount
 * on screen follow it: every query is read again (the price list's and the floor's currency, the marketplaces offered).
 */
export function useChooseSellerCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (country: SellerCountry) =>
      parsedRequest(sellerRegionResponse, sellerRegionRoutes.region, { method: 'PUT', body: { country } }),
    onSuccess: (region) => {
      queryClient.setQueryData(sellerRegionKey, region);
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sellerRegionKey[0] });
    },
  });
}
