import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemsApi, type Item } from '@shared/contracts/items';
import { replaceCachedItem } from '@/entities/items/item-cache';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import type { Told } from '@/lib/told';

/** The item with its photos in the given order, renumbered, the first one primary (what the server will answer). */
export function withImageOrder(current: Item, imageIds: string[]): Item {
  const byId = new Map(current.images.map((image) => [image.id, image]));
  const images = imageIds.flatMap((id, position) => {
    const image = byId.get(id);
    return image ? [{ ...image, order: position, isPrimary: position === 0 }] : [];
  });
  return { ...current, images, thumbnailUrl: images[0]?.thumbnailUrl ?? null };
}

/**
 * PUT /api/items/:id/images/order. The new order shows at once; when saving fails the card goes back to the order it
 * had and the item is read again, so that a second drag's failure cannot leave an order the server never kept. What
 * the seller is told goes to the mutation (`Told`): a card scrolled away or a second drag keeps it.
 */
export function useReorderImages(told: Told<Item, { current: Item; imageIds: string[] }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ current, imageIds }: { current: Item; imageIds: string[] }) =>
      callRoute(itemsApi.reorderPhotos, { params: { id: current.id }, body: { imageIds } }),
    onMutate: async ({ current, imageIds }) => {
      // A detail read in flight would put the old order back over the optimistic one.
      await queryClient.cancelQueries({ queryKey: itemKeys.detail(current.id) });
      replaceCachedItem(queryClient, withImageOrder(current, imageIds));
      return { previous: current };
    },
    onError: (error, vars, context) => {
      if (context) replaceCachedItem(queryClient, context.previous);
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(vars.current.id) });
      told.onError?.(error, vars);
    },
    onSuccess: (updated, vars) => {
      replaceCachedItem(queryClient, updated);
      told.onSuccess?.(updated, vars);
    },
  });
}
