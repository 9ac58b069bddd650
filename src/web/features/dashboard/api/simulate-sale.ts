import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesCheckResponse, simulatedSalePathOf } from '@shared/contracts/sales';
import { invalidateItemQueries } from '../../../entities/items/query-keys';
import { parsedRequest } from '../../../lib/api-client';

/**
 * POST /api/items/:id/simulated-sale: a simulated buyer buys the item live on the simulated eBay, and the server
 * checks for sales (the sale comes through that pull, like a real one); the item lists show it Sold.
 */
export function useSimulateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => parsedRequest(salesCheckResponse, simulatedSalePathOf(itemId), { method: 'POST' }),
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
