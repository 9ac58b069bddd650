import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi, type DeleteItemsResponse } from '@shared/contracts/items';
import { removeCachedItem } from '@/entities/items/item-cache';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';

/** Which products to delete, and whether the seller chose them as a selection (the bulk delete) or one card's. */
export interface DeleteRequest {
  ids: string[];
  bulk: boolean;
}

/**
 * DELETE /api/items/:id for one product, POST /api/items/delete for several: rows and stored photos go. The seller is
 * told through `told`, given to the mutation: a second delete confirmed before the first's answer must not drop it.
 */
export function useDeleteItems(told: Told<DeleteItemsResponse, DeleteRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids }: DeleteRequest) =>
      ids.length === 1 && ids[0] !== undefined
        ? callRoute(itemsApi.remove, { params: { id: ids[0] } })
        : callRoute(itemsApi.removeMany, { body: { ids } }),
    onSuccess: (answer, request) => {
      for (const id of answer.deletedIds) removeCachedItem(queryClient, id);
      void invalidateItemQueries(queryClient);
      told.onSuccess?.(answer, request);
    },
    onError: told.onError,
  });
}
