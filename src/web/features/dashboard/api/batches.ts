import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface BatchSummary {
  id: string;
  sku: string;
  batchNumber: number;
  photoCount: number;
  status: string;
  thumbnailUrl: string | null;
  createdAt: string;
}

export const batchesKey = ['items', 'list', 'batches'] as const;

export function useBatches() {
  return useQuery({
    queryKey: batchesKey,
    queryFn: () => apiRequest<{ items: BatchSummary[] }>('/api/items?view=batches'),
  });
}
