import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { whatSellsApi, whatSellsRoutes, type SellerTimeBody, type WhatSellsDimension } from '@shared/contracts/what-sells';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

/** Under the items' keys: a sale, a cost or a listing changed anywhere refreshes the groups too. */
export const whatSellsKeys = {
  all: [...itemKeys.all, 'what-sells'] as const,
  by: (by: WhatSellsDimension) => [...whatSellsKeys.all, by] as const,
};

export const whatSellsCsvPath = (by: WhatSellsDimension) => `${whatSellsRoutes.csv}?by=${by}`;

/** GET /api/what-sells?by=: the groups, best per hour first, and the minutes they count. */
export function useWhatSells(by: WhatSellsDimension) {
  return useQuery({
    queryKey: whatSellsKeys.by(by),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callRoute(whatSellsApi.groups, { query: { by }, signal }),
  });
}

/** PUT /api/what-sells/seller-time: the seller's own minutes per item (null: the estimate). */
export function useSaveSellerTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerTimeBody) => callRoute(whatSellsApi.saveSellerTime, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatSellsKeys.all }),
  });
}
