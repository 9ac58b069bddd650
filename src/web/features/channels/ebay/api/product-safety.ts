import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { brandSafetyListResponse, brandSafetyView, productSafetyPaths, type BrandSafetyBody } from '@shared/contracts/product-safety';
import { itemKeys } from '../../../../entities/items/query-keys';
import { apiRequest, parsedRequest } from '../../../../lib/api-client';

const productSafetyKey = ['ebay', 'product-safety'] as const;

/** GET /api/ebay/product-safety: the brands' manufacturer and EU responsible person, and whether eBay asks for them. */
export function useProductSafety() {
  return useQuery({ queryKey: productSafetyKey, queryFn: () => parsedRequest(brandSafetyListResponse, productSafetyPaths.list) });
}

/** PUT /api/ebay/product-safety/:brand; the readiness of the listings (their pre-flight) is read again. */
export function useSaveBrandSafety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brand, details }: { brand: string; details: BrandSafetyBody }) =>
      parsedRequest(brandSafetyView, productSafetyPaths.brand(brand), { method: 'PUT', body: details }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productSafetyKey }),
        queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'readiness'] }),
      ]),
  });
}

/** DELETE /api/ebay/product-safety/:brand. */
export function useRemoveBrandSafety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brand: string) => apiRequest<void>(productSafetyPaths.brand(brand), { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productSafetyKey }),
        queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'readiness'] }),
      ]),
  });
}
