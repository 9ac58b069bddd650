import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { callRoute } from '@/lib/route-client';
import { applyChangedItem } from './item-cache';

/**
 * DELETE /api/items/:id/images/:imageId, from a card or the Manage Photos dialog: answers the item with its remaining
 * photos renumbered (the server keeps the last one).
 */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, imageId }: { itemId: string; imageId: string }) =>
      callRoute(itemsApi.removePhoto, { params: { id: itemId, imageId } }),
    onSuccess: (updated) => applyChangedItem(queryClient, updated),
  });
}
