import { useQuery, type QueryClient } from '@tanstack/react-query';
import { item, itemsPaths, type Item } from '@shared/contracts/items';
import { replaceCachedItem } from '@/entities/items/item-cache';
import { itemKeys } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

/** GET /api/items/:id: the product whose photos the dialog manages (fresh signed URLs each time it opens). */
export function useItemPhotos(itemId: string) {
  return useQuery({
    queryKey: itemKeys.detail(itemId),
    queryFn: ({ signal }) => parsedRequest(item, itemsPaths.item(itemId), { signal }),
    staleTime: 0,
  });
}

/** The server's answer after a photo change: the dialog, every item list, and the listing cards (refetched). */
export function applyChangedItem(queryClient: QueryClient, updated: Item) {
  queryClient.setQueryData(itemKeys.detail(updated.id), updated);
  replaceCachedItem(queryClient, updated);
  void queryClient.invalidateQueries({ queryKey: itemKeys.listings() });
}
