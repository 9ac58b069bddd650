import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ebayOffersApi, type SendOfferBody } from '@shared/contracts/ebay-offers';
import { itemKeys } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';
import { useSaveSetting, useSetting } from '@/lib/saved-setting';

/** Offers to interested buyers (decision 087): every key starts with 'ebay-offers'. */
export const ebayOfferKeys = {
  all: ['ebay-offers'] as const,
  rule: ['ebay-offers', 'rule'] as const,
  item: (itemId: string, percent: number) => ['ebay-offers', 'item', itemId, percent] as const,
};

/** GET /api/items/:id/ebay-offer?percent=: the offer at the percent, eBay's limits, the interest and the history. */
export function useItemOffer(itemId: string, percent: number | null) {
  return useQuery({
    queryKey: ebayOfferKeys.item(itemId, percent ?? 0),
    queryFn: ({ signal }) => callRoute(ebayOffersApi.itemOffer, { params: { id: itemId }, query: { percent: String(percent) }, signal }),
    enabled: percent !== null,
  });
}

/** POST /api/items/:id/ebay-offer: sent, refused by eBay, or skipped with the reason; the item's offer is asked again. */
export function useSendOffer(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendOfferBody) => callRoute(ebayOffersApi.sendForItem, { params: { id: itemId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ebay-offers', 'item', itemId] }),
  });
}

const rule = { key: ebayOfferKeys.rule, get: ebayOffersApi.rule, save: ebayOffersApi.setRule };

/** GET /api/ebay/offer-rule. */
export const useOfferRule = () => useSetting(rule);

/** PUT /api/ebay/offer-rule: the items' offers default to its percent, and the week's plan holds its offers: both asked again. */
export const useSaveOfferRule = () => useSaveSetting(rule, [['ebay-offers', 'item'], itemKeys.sellingPlan()]);
