import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
import { parsedRequest } from '@/lib/api-client';
import { applyChangedItem } from '@/entities/items/item-cache';

/** PUT /api/items/:id/images/order: the dialog's order, saved with Save Changes in one transaction. */
export function useSavePhotoOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, imageIds }: { itemId: string; imageIds: string[] }) =>
      parsedRequest(item, itemsPaths.imageOrder(itemId), { method: 'PUT', body: { imageIds } }),
    onSuccess: (updated) => applyChangedItem(queryClient, updated),
  });
}
