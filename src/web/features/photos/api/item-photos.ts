import { useQuery } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** GET /api/items/:id: the product whose photos the dialog manages (fresh signed URLs each time it opens). */
export function useItemPhotos(itemId: string) {
  return useQuery({
    queryKey: itemKeys.detail(itemId),
    queryFn: ({ signal }) => callRoute(itemsApi.one, { params: { id: itemId }, signal }),
    staleTime: 0,
  });
}
