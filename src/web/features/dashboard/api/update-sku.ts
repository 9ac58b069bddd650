import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
import { replaceCachedItem } from '@/entities/items/item-cache';
import { itemKeys } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** PATCH /api/items/:id with a new SKU (the server upper-cases it and refuses a duplicate with 409). */
export function useUpdateSku() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, sku }: { itemId: string; sku: string }) =>
      parsedRequest(item, itemsPaths.item(itemId), { method: 'PATCH', body: { sku } }),
    onSuccess: (updated) => {
      replaceCachedItem(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: itemKeys.skuHints() });
    },
  });
}
