import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths, type RotateImageBody } from '@shared/contracts/items';
import { parsedRequest } from '@/lib/api-client';
import { applyChangedItem } from '@/entities/items/item-cache';

/** POST /api/items/:id/images/:imageId/rotate: clockwise quarter turns. */
export function useRotatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, imageId, degrees }: { itemId: string; imageId: string; degrees: RotateImageBody['degrees'] }) =>
      parsedRequest(item, itemsPaths.imageRotate(itemId, imageId), { method: 'POST', body: { degrees } }),
    onSuccess: (updated) => applyChangedItem(queryClient, updated),
  });
}
