import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
import { parsedRequest } from '@/lib/api-client';
import { applyChangedItem } from './item-cache';

/**
 * DELETE /api/items/:id/images/:imageId, from a card or the Manage Photos dialog: answers the item with its remaining
 * photos renumbered (the server keeps the last one).
 */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, imageId }: { itemId: string; imageId: string }) =>
      parsedRequest(item, itemsPaths.image(itemId, imageId), { method: 'DELETE' }),
    onSuccess: (updated) => applyChangedItem(queryClient, updated),
  });
}
