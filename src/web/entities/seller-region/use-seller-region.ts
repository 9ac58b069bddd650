import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sellerRegionApi } from '@shared/contracts/seller-region';
import type { SellerCountry } from '@shared/domain/seller-region';
import { callRoute } from '@/lib/route-client';

export const sellerRegionKey = ['seller-region'] as const;

/** GET /api/seller-region: where the seller sells from (their currency, locale and eBay marketplace). */
export function useSellerRegion() {
  return useQuery({ queryKey: sellerRegionKey, queryFn: () => callRoute(sellerRegionApi.region) });
}

/**
 * PUT /api/seller-region: the seller's own choice of country. Their eBay connection (its marketplace) and every amount
 * on screen follow it: every query is read again (the price list's and the floor's currency, the marketplaces offered).
 */
export function useChooseSellerCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (country: SellerCountry) => callRoute(sellerRegionApi.choose, { body: { country } }),
    onSuccess: (region) => {
      queryClient.setQueryData(sellerRegionKey, region);
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sellerRegionKey[0] });
    },
  });
}
