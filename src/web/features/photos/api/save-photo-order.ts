import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { callRoute } from '@/lib/route-client';
import { applyChangedItem } from '@/entities/items/item-cache';

/** PUT /api/items/:id/images/order: the dialog's order, saved with Save Changes in one transaction. */
export function useSavePhotoOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, imageIds }: { itemId: string; imageIds: string[] }) =>
      callRoute(itemsApi.reorderPhotos, { params: { id: itemId }, body: { imageIds } }),
    onSuccess: (updated) => applyChangedItem(queryClient, updated),
  });
}
