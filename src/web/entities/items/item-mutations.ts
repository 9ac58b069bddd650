import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { itemsApi, type UpdateItemBody } from '@shared/contracts/items';
import { callRoute } from '@/lib/route-client';
import { replaceCachedItem } from './item-cache';
import { invalidateItemQueries } from './query-keys';
import type { Told } from '@/lib/told';

/**
 * PATCH /api/items/:id with some of the item's fields: the item the server answers replaces the cached one, and the
 * queries under `readers` (what else reads those fields) are read again.
 */
export function usePatchItem<Fields extends UpdateItemBody>(readers: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: Fields & { itemId: string }) => callRoute(itemsApi.update, { params: { id: itemId }, body }),
    onSuccess: (saved) => {
      replaceCachedItem(queryClient, saved);
      void queryClient.invalidateQueries({ queryKey: readers });
    },
  });
}

/** A change to items the cache cannot patch exactly: once it succeeds, everything shown about items is read again. */
export function useItemsMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  told: Told<Answer, Variables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer, variables) => {
      await invalidateItemQueries(queryClient);
      told.onSuccess?.(answer, variables);
    },
    onError: told.onError,
  });
}
