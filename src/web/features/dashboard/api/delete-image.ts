import { useMutation, useQueryClient } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
import { replaceCachedItem } from '@/entities/items/item-cache';
import { parsedRequest } from '@/lib/api-client';

/** DELETE /api/items/:id/images/:imageId: answers the item with its remaining photos renumbered. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, imageId }: { itemId: string; imageId: string }) =>
      parsedRequest(item, itemsPaths.image(itemId, imageId), { method: 'DELETE' }),
    onSuccess: (updated) => replaceCachedItem(queryClient, updated),
  });
}
