import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { replaceCachedItem } from '@/entities/items/item-cache';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** PATCH /api/items/:id with a new SKU (the server upper-cases it and refuses a duplicate with 409). */
export function useUpdateSku() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, sku }: { itemId: string; sku: string }) => callRoute(itemsApi.update, { params: { id: itemId }, body: { sku } }),
    onSuccess: (updated) => {
      replaceCachedItem(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: itemKeys.skuHints() });
    },
  });
}
