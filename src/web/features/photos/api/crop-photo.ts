import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths, type CropImageBody } from '@shared/contracts/items';
import { parsedRequest } from '@/lib/api-client';
import { applyChangedItem } from '@/entities/items/item-cache';

/** POST /api/items/:id/images/:imageId/crop with a region in the stored image's pixels. */
export function useCropPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, imageId, region }: { itemId: string; imageId: string; region: CropImageBody }) =>
      parsedRequest(item, itemsPaths.imageCrop(itemId, imageId), { method: 'POST', body: region }),
    onSuccess: (updated) => applyChangedItem(queryClient, updated),
  });
}
