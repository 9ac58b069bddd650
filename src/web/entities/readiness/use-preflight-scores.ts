import { useQuery } from '@tanstack/react-query';
import { channelListingsApi } from '@shared/contracts/channels';
import { callRoute } from '@/lib/route-client';
import { itemKeys } from '../items/query-keys';

/**
 * GET /api/items/:id/preflight-scores: each channel's green, amber or red for the item, with its reasons. Under
 * ['items'] like the readiness, so a Quick Fix, an edit or a publish event reads it again.
 */
export function usePreflightScores(itemId: string, itemUpdatedAt: string, connectionVersion = '') {
  return useQuery({
    queryKey: [...itemKeys.all, 'preflight-scores', itemId, itemUpdatedAt, connectionVersion] as const,
    queryFn: ({ signal }) => callRoute(channelListingsApi.preflightScores, { params: { id: itemId }, signal }),
    placeholderData: (previous) => previous,
  });
}
