import { useQuery } from '@tanstack/react-query';
import { itemsPaths, itemsSummaryResponse } from '../../../../shared/contracts/items';
import { apiRequest } from '../../../lib/api-client';

export const itemsSummaryKey = ['items', 'summary'] as const;

/** GET /api/items/summary. While listings are being generated it is re-read every 5 s, so the banner counts down. */
export function useItemsSummary() {
  return useQuery({
    queryKey: itemsSummaryKey,
    queryFn: async ({ signal }) => itemsSummaryResponse.parse(await apiRequest<unknown>(itemsPaths.summary, { signal })),
    refetchInterval: (query) => ((query.state.data?.generatingCount ?? 0) > 0 ? 5000 : false),
  });
}
