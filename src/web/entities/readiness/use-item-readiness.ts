import { itemReadinessApi } from '@shared/contracts/publish';
import { callRoute } from '@/lib/route-client';
import { useQueryOfChange } from '@/lib/use-query-of-change';
import { itemKeys } from '../items/query-keys';

/**
 * GET /api/items/:id/readiness: the one readiness of the item for eBay (its listing's checks and eBay's pre-flight),
 * computed by the server and shown as it is by every screen (Generate Listings, the eBay screen). The key carries the
 * item's last change and, where the screen knows it, the connection's, so an edit, a Quick Fix, a publish event or
 * new policies read it again; under ['items'] so every item invalidation refreshes it too.
 */
export function useItemReadiness(itemId: string, itemUpdatedAt: string, connectionVersion = '') {
  return useQueryOfChange({
    queryKey: [...itemKeys.all, 'readiness', itemId],
    change: [itemUpdatedAt, connectionVersion],
    queryFn: ({ signal }) => callRoute(itemReadinessApi.readiness, { params: { id: itemId }, signal }),
  });
}
