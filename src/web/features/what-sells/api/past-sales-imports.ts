import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pastSalesImportsApi, type PastSalesSourcesResponse } from '@shared/contracts/past-sales-imports';
import type { ApiChannel } from '@shared/domain/channel-listing';
import { callRoute } from '@/lib/route-client';

export const pastSalesSourcesKey = ['what-sells', 'past-sales', 'sources'] as const;
/** How often a running import's progress is read. */
const PROGRESS_POLL_MS = 1000;

const running = (data: PastSalesSourcesResponse | undefined) => !!data?.sources.some((source) => source.latest?.status === 'running');

/** GET /api/what-sells/past-sales/imports: the connected marketplaces to import from, read every second while one runs. */
export function usePastSalesSources() {
  return useQuery({
    queryKey: pastSalesSourcesKey,
    queryFn: ({ signal }) => callRoute(pastSalesImportsApi.sources, { signal }),
    refetchInterval: (query) => (running(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

/** POST /api/what-sells/past-sales/imports: starts an import from the marketplace (or answers the one running). */
export function useStartPastSalesImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: ApiChannel) => callRoute(pastSalesImportsApi.start, { body: { channel } }),
    onSuccess: (answer) =>
      queryClient.setQueryData<PastSalesSourcesResponse>(pastSalesSourcesKey, (data) =>
        data
          ? {
              sources: data.sources.map((source) =>
                source.channel === answer.import.channel ? { ...source, latest: answer.import } : source,
              ),
            }
          : data,
      ),
  });
}
