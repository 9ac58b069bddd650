import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi, type Item } from '@shared/contracts/items';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';
import { applyChangedItem } from './item-cache';

/**
 * DELETE /api/items/:id/images/:imageId, from a card or the Manage Photos dialog: answers the item with its remaining
 * photos renumbered (the server keeps the last one). What the seller is told goes to the mutation (`Told`): a second
 * delete before the first answers, or the card scrolled away, keeps it.
 */
type DeleteImage = { itemId: string; imageId: string };
export function useDeleteImage(told: Told<Item, DeleteImage> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, imageId }: DeleteImage) => callRoute(itemsApi.removePhoto, { params: { id: itemId, imageId } }),
    onSuccess: (updated, vars) => {
      applyChangedItem(queryClient, updated);
      told.onSuccess?.(updated, vars);
    },
    onError: told.onError,
  });
}
