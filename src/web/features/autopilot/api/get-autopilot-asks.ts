import { useQuery } from '@tanstack/react-query';
import { autopilotAsksResponse, autopilotPaths } from '@shared/contracts/autopilot';
import type { Category } from '@shared/domain/catalog';
import { parsedRequest } from '../../../lib/api-client';
import { autopilotKeys } from './autopilot-keys';

/**
 * GET /api/autopilot/items/:id/asks?category=: what the product's channels would ask were it of the category the
 * seller just picked in "What it is" (eBay's required item specifics of that kind), so the same form asks them.
 */
export function useAutopilotAsks(itemId: string, category: Category | null) {
  return useQuery({
    queryKey: autopilotKeys.asks(itemId, category),
    queryFn: ({ signal }) => parsedRequest(autopilotAsksResponse, autopilotPaths.asks(itemId, category!), { signal }),
    enabled: category !== null,
    staleTime: 5 * 60_000,
  });
}
