import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { doubleSale, doubleSalesResponse, endNowResponse, saleEndsPaths } from '@shared/contracts/sale-ends';
import { apiRequest, parsedRequest } from '@/lib/api-client';
import { itemKeys } from '../items/query-keys';

/** Double sales are found by a sale pulled on the server: read again every minute too, for a screen left open. */
const REFRESH_MS = 60_000;

/** GET /api/channels/double-sales: the seller's items sold twice, newest first (under `items`: a sale refreshes it). */
export function useDoubleSales() {
  return useQuery({
    queryKey: [...itemKeys.all, 'double-sales'] as const,
    queryFn: ({ signal }) => parsedRequest(doubleSalesResponse, saleEndsPaths.doubleSales, { signal }),
    refetchInterval: REFRESH_MS,
    select: (answer) => answer.doubleSales,
  });
}

/** GET the item's double sale (its buyers, orders and where to cancel them), while `enabled`. */
export function useDoubleSale(itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...itemKeys.all, 'double-sale', itemId] as const,
    queryFn: ({ signal }) => parsedRequest(doubleSale, saleEndsPaths.doubleSale(itemId), { signal }),
    enabled,
  });
}

/** "End it now": the sold item's listings still live elsewhere are ended now (what fails stays queued). */
export function useEndNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => parsedRequest(endNowResponse, saleEndsPaths.endNow(itemId), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}

/** Resolves a double sale: the seller cancelled this sale on its marketplace. */
export function useResolveDoubleSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, saleId }: { itemId: string; saleId: string }) =>
      apiRequest<null>(saleEndsPaths.resolve(itemId), { method: 'POST', body: { cancelledSaleId: saleId } }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
