import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesCheckResponse, simulatedSalePathOf } from '@shared/contracts/sales';
import { invalidateItemQueries } from '../../../entities/items/query-keys';
import { parsedRequest } from '../../../lib/api-client';

export type SimulatedChannel = 'ebay' | 'etsy' | 'shopify'; // shopify-wiring

/**
 * POST /api/items/:id/simulated-sale (or simulated-etsy-sale): a simulated buyer buys the item live on the simulated
 * marketplace, and the server checks for sales (the sale comes through that pull, like a real one); the item lists
 * show it Sold.
 */
export function useSimulateSale(channel: SimulatedChannel = 'ebay') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => parsedRequest(salesCheckResponse, simulatedSalePathOf(itemId, channel), { method: 'POST' }),
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
