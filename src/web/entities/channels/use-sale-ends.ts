import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saleEndsApi, type DoubleSaleLine, type EndNowResponse } from '@shared/contracts/sale-ends';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';
import { itemKeys } from '../items/query-keys';

/** Double sales are found by a sale pulled on the server: read again every minute too, for a screen left open. */
const REFRESH_MS = 60_000;

/** GET /api/channels/double-sales: the seller's items sold twice, newest first (under `items`: a sale refreshes it). */
export function useDoubleSales() {
  return useQuery({
    queryKey: [...itemKeys.all, 'double-sales'] as const,
    queryFn: ({ signal }) => callRoute(saleEndsApi.doubleSales, { signal }),
    refetchInterval: REFRESH_MS,
    select: (answer) => answer.doubleSales,
  });
}

/** GET the item's double sale (its buyers, orders and where to cancel them), while `enabled`. */
export function useDoubleSale(itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...itemKeys.all, 'double-sale', itemId] as const,
    queryFn: ({ signal }) => callRoute(saleEndsApi.doubleSale, { params: { id: itemId }, signal }),
    enabled,
  });
}

/** "End it now": the sold item's listings still live elsewhere are ended now (what fails stays queued). */
export function useEndNow(told: Told<EndNowResponse, string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => callRoute(saleEndsApi.endNow, { params: { id: itemId } }),
    ...told,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}

/** Resolves a double sale: the seller cancelled this sale on its marketplace. */
export function useResolveDoubleSale(told: Told<unknown, { itemId: string; sale: DoubleSaleLine }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, sale }: { itemId: string; sale: DoubleSaleLine }) =>
      callRoute(saleEndsApi.resolve, { params: { id: itemId }, body: { cancelledSaleId: sale.saleId } }),
    ...told,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
