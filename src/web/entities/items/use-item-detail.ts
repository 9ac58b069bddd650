import { useQuery } from '@tanstack/react-query';
import { itemsApi } from '@shared/contracts/items';
import { callRoute } from '@/lib/route-client';
import { itemKeys } from './query-keys';

/**
 * GET /api/items/:id: one item with every photo (the list carries only the first thumbnail). Fetched when a card
 * opens its photos; `enabled` false reads nothing.
 */
export function useItemDetail(itemId: string, enabled = true) {
  return useQuery({
    queryKey: itemKeys.detail(itemId),
    queryFn: ({ signal }) => callRoute(itemsApi.one, { params: { id: itemId }, signal }),
    enabled,
  });
}
