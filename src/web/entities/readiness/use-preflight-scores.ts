import { channelListingsApi } from '@shared/contracts/channels';
import { callRoute } from '@/lib/route-client';
import { useQueryOfChange } from '@/lib/use-query-of-change';
import { itemKeys } from '../items/query-keys';

/**
 * GET /api/items/:id/preflight-scores: each channel's green, amber or red for the item, with its reasons. Under
 * ['items'] like the readiness, so a Quick Fix, an edit or a publish event reads it again.
 */
export function usePreflightScores(itemId: string, itemUpdatedAt: string, connectionVersion = '') {
  return useQueryOfChange({
    queryKey: [...itemKeys.all, 'preflight-scores', itemId],
    change: [itemUpdatedAt, connectionVersion],
    queryFn: ({ signal }) => callRoute(channelListingsApi.preflightScores, { params: { id: itemId }, signal }),
  });
}
