import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depopShopApi, type DepopAnswersBody } from '@shared/contracts/depop';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/**
 * PUT /api/items/:id/listings/depop/fields: the seller's answers for Depop. The item (its Depop part) and its
 * pre-flight reasons are read again, so what Depop still needs is said at once.
 */
export function useDepopAnswers(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepopAnswersBody) => callRoute(depopShopApi.itemAnswers, { params: { id: itemId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) }),
        queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'preflight-scores', itemId] }),
        queryClient.invalidateQueries({ queryKey: [...itemKeys.all, 'readiness'] }),
      ]),
  });
}
