import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { depopLikesOfItem, depopOffersApi, depopPaths } from '@shared/contracts/depop';
import { itemKeys } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';
import { callRoute } from '@/lib/route-client';
import { useSaveSetting, useSetting } from '@/lib/saved-setting';

const likesKey = (itemId: string) => ['depop', 'likes', itemId] as const;
const itemPath = (path: string, itemId: string) => path.replace(/:id|:itemId/, encodeURIComponent(itemId));

const rule = { key: ['depop', 'offer-rule'], get: depopOffersApi.rule, save: depopOffersApi.setRule };

/** GET /api/depop/offer-rule: the seller's rule for offers to the buyers who liked a product. */
export const useDepopOfferRule = () => useSetting(rule);

/** PUT /api/depop/offer-rule: the week's plan holds its offers, so it is asked again. */
export const useSaveDepopOfferRule = () => useSaveSetting(rule, [itemKeys.sellingPlan()]);

/** GET /api/items/:id/depop-likes: who liked the item on Depop, and the offers sent them. */
export function useDepopLikes(itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: likesKey(itemId),
    queryFn: ({ signal }) => callRoute(depopOffersApi.likes, { params: { id: itemId }, signal }),
    enabled,
  });
}

/** "Simulate a like on Depop": the likes answered are the item's now; the plan may hold a new offer. */
export function useSimulateDepopLike(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => parsedRequest(depopLikesOfItem, itemPath(depopPaths.simulatedLike, itemId), { method: 'POST' }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(likesKey(itemId), answer);
      await queryClient.invalidateQueries({ queryKey: itemKeys.sellingPlan() });
    },
  });
}
