import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { productSafetyApi, type BrandSafetyBody } from '@shared/contracts/ebay-product-safety';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';

const productSafetyKey = ['ebay', 'product-safety'] as const;

/** The brands' details, and what they change: the listings' readiness and each marketplace's pre-flight score. */
const readAgain = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: productSafetyKey }),
    queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'readiness'] }),
    queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'preflight-scores'] }),
  ]);

/** GET /api/ebay/product-safety: the brands' manufacturer and EU responsible person, and whether eBay asks for them. */
export function useProductSafety() {
  return useQuery({ queryKey: productSafetyKey, queryFn: () => callRoute(productSafetyApi.list) });
}

/** PUT /api/ebay/product-safety/:brand; the readiness of the listings and their pre-flight scores are read again. */
export function useSaveBrandSafety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brand, details }: { brand: string; details: BrandSafetyBody }) =>
      callRoute(productSafetyApi.save, { params: { brand }, body: details }),
    onSuccess: () => readAgain(queryClient),
  });
}

/** DELETE /api/ebay/product-safety/:brand. */
export function useRemoveBrandSafety(told: Told<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brand: string) => callRoute(productSafetyApi.remove, { params: { brand } }),
    onSuccess: (answer, brand) => {
      told.onSuccess?.(answer, brand);
      return readAgain(queryClient);
    },
    onError: told.onError,
  });
}
