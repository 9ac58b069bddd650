import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ItemsSummary {
  stagedCount: number;
  batchCount: number;
  generatingCount: number;
}

export const itemsSummaryKey = ['items', 'summary'] as const;

/** Counts for the header and the dashboard: staged (draft) products and batches. */
export function useItemsSummary() {
  return useQuery({
    queryKey: itemsSummaryKey,
    queryFn: () => apiRequest<ItemsSummary>('/api/items/summary'),
  });
}
