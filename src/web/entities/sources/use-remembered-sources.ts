import { useQuery } from '@tanstack/react-query';
import { bundlesApi } from '@shared/contracts/bundles';
import { callRoute } from '@/lib/route-client';

/** The seller's remembered sources: a source typed anywhere (capture, a bundle, What sells) refreshes it. */
export const sourcesKey = ['sources'] as const;

/** GET /api/sources: where the seller bought things, most recently used first. */
export function useRememberedSources() {
  return useQuery({ queryKey: sourcesKey, queryFn: () => callRoute(bundlesApi.sources) });
}
