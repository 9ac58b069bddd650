import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItemsResponse, itemsPaths } from '@shared/contracts/items';
import { removeCachedItem } from '@/entities/items/item-cache';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** DELETE /api/items/:id for one product, POST /api/items/delete for several: rows and stored photos go. */
export function useDeleteItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1 && ids[0] !== undefined
        ? parsedRequest(deleteItemsResponse, itemsPaths.item(ids[0]), { method: 'DELETE' })
        : parsedRequest(deleteItemsResponse, itemsPaths.bulkDelete, { method: 'POST', body: { ids } }),
    onSuccess: ({ deletedIds }) => {
      for (const id of deletedIds) removeCachedItem(queryClient, id);
      void invalidateItemQueries(queryClient);
    },
  });
}
