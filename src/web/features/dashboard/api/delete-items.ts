import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { removeCachedItem } from '@/entities/items/item-cache';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** DELETE /api/items/:id for one product, POST /api/items/delete for several: rows and stored photos go. */
export function useDeleteItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1 && ids[0] !== undefined
        ? callRoute(itemsApi.remove, { params: { id: ids[0] } })
        : callRoute(itemsApi.removeMany, { body: { ids } }),
    onSuccess: ({ deletedIds }) => {
      for (const id of deletedIds) removeCachedItem(queryClient, id);
      void invalidateItemQueries(queryClient);
    },
  });
}
