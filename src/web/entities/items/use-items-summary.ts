import { useQuery } from '@tanstack/react-query';
import { fetchItemsSummary } from './fetchers';
import { itemKeys } from './query-keys';

/** While listings are being generated the summary is re-read every 5 s, so the counts follow the workers. */
const GENERATING_POLL_MS = 5000;

/** GET /api/items/summary: staged products and batches for the header and dashboard, and the generating count. */
export function useItemsSummary() {
  return useQuery({
    queryKey: itemKeys.summary(),
    queryFn: ({ signal }) => fetchItemsSummary(signal),
    refetchInterval: (query) => ((query.state.data?.generatingCount ?? 0) > 0 ? GENERATING_POLL_MS : false),
  });
}
