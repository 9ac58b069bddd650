import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesCheckResponse, type SimulatedSaleOffer } from '@shared/contracts/sales';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/**
 * POST the channel's simulated sale path (`SimulatedSaleOffer.path`: /api/items/:id/simulated-sale on eBay...): a
 * simulated buyer buys the item live on the simulated marketplace, and the server checks for sales (the sale comes
 * through that pull, like a real one); the item lists show it Sold.
 */
export function useSimulateSale(
  offer: Pick<SimulatedSaleOffer, 'path'>,
  /**
   * The mutation's own callbacks, not mutate's: a pushed sale (Shopify's webhook, decision 077) can mark the item Sold
   * on the card before the answer arrives, which takes the button away; these still run then.
   */
  outcome: { onSuccess?: () => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => parsedRequest(salesCheckResponse, offer.path(itemId), { method: 'POST' }),
    onSuccess: () => outcome.onSuccess?.(),
    onError: (error) => outcome.onError?.(error),
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
