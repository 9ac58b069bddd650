import { useQuery } from '@tanstack/react-query';
import { publishPaths, readinessResponse } from '@shared/contracts/publish';
import { itemKeys } from '../../../../entities/items/query-keys';
import { parsedRequest } from '../../../../lib/api-client';

/**
 * GET /api/items/:id/readiness. The key carries the item's and the connection's last change, so an edit, a Quick Fix,
 * a publish event or new policies read it again; under ['items'] so every item invalidation refreshes it too.
 */
export function useItemReadiness(itemId: string, itemUpdatedAt: string, connectionVersion: string) {
  return useQuery({
    queryKey: [...itemKeys.all, 'readiness', itemId, itemUpdatedAt, connectionVersion] as const,
    queryFn: ({ signal }) => parsedRequest(readinessResponse, publishPaths.readiness(itemId), { signal }),
    placeholderData: (previous) => previous,
  });
}
