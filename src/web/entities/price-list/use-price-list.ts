import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { priceListPaths, priceListResponse, type PriceListBody } from '@shared/contracts/price-list';
import { parsedRequest } from '@/lib/api-client';

/** The seller's own price list: read by its screen, the offer after sign-up and Publish Settings' prefill. */
export const priceListKeys = { all: ['price-list'] as const };

/** GET /api/price-list. */
export function usePriceList() {
  return useQuery({
    queryKey: priceListKeys.all,
    queryFn: ({ signal }) => parsedRequest(priceListResponse, priceListPaths.priceList, { signal }),
  });
}

/** PUT /api/price-list (an empty list answers the offer after sign-up: "Skip"). */
export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceListBody) => parsedRequest(priceListResponse, priceListPaths.priceList, { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(priceListKeys.all, answer),
  });
}
