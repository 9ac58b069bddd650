import { useQuery } from '@tanstack/react-query';
import { autopilotApi } from '@shared/contracts/autopilot';
import type { ProductKind } from '@shared/domain/category-table';
import { callRoute } from '@/lib/route-client';
import { autopilotKeys } from './autopilot-keys';

/**
 * GET /api/autopilot/items/:id/asks?category=&department=: what the product's channels would ask were it of the kind
 * the seller just picked in "What it is" (eBay's required item specifics of that kind), so the same form asks them.
 */
export function useAutopilotAsks(itemId: string, kind: ProductKind | null) {
  return useQuery({
    queryKey: autopilotKeys.asks(itemId, kind?.key ?? null),
    queryFn: ({ signal }) =>
      callRoute(autopilotApi.asks, {
        params: { id: itemId },
        query: { category: kind!.category, department: kind!.department ?? undefined },
        signal,
      }),
    enabled: kind !== null,
    staleTime: 5 * 60_000,
  });
}
