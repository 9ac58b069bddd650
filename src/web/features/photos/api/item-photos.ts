import { useQuery } from '@tanstack/react-query';
import { item, itemsPaths } from '@shared/contracts/items';
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
