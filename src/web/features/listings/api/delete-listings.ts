import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsPaths, type ResetListingsResponse } from '../../../../shared/contracts/listings';
import { apiRequest } from '../../../lib/api-client';
import { invalidateItemQueries } from './listings';

/** Deletes the listings of many items at once (the items stay). */
export function useDeleteListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => apiRequest<ResetListingsResponse>(listingsPaths.bulkDelete, { method: 'POST', body: { itemIds } }),
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
