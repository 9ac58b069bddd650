import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ebayImportApi } from '@shared/contracts/ebay-import';
import { callRoute } from '@/lib/route-client';

export const latestImportKey = ['ebay', 'imports', 'latest'] as const;
/** How often a running import's progress is read. */
const PROGRESS_POLL_MS = 1000;

/** GET /api/ebay/imports/latest: the seller's latest import, read every second while it runs. */
export function useLatestImport({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: latestImportKey,
    queryFn: () => callRoute(ebayImportApi.latest),
    enabled,
    refetchInterval: (query) => (query.state.data?.import?.status === 'running' ? PROGRESS_POLL_MS : false),
  });
}

/** POST /api/ebay/imports: starts an import (or answers the one running). */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingIds: string) => callRoute(ebayImportApi.start, { body: { listingIds } }),
    onSuccess: (answer) => queryClient.setQueryData(latestImportKey, { import: answer.import }),
  });
}
