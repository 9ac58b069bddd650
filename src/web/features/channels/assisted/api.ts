import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assistedApi, type AnswersBody, type HandoverResponse, type PriceRuleBody } from '@shared/contracts/assisted';
import type { AssistedChannel, Channel } from '@shared/domain/channel-listing';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { callRoute } from '@/lib/route-client';

export const assistedKeys = {
  handover: (itemId: string, channel: AssistedChannel) => ['assisted', 'handover', itemId, channel] as const,
  priceRules: ['channels', 'price-rules'] as const,
};

/**
 * The item's listing on the marketplace, prepared when the hand-over opens (POST prepare is idempotent: it makes the
 * draft once and answers the listing in the marketplace's words every time).
 */
export function useHandover(itemId: string, channel: AssistedChannel, enabled: boolean) {
  return useQuery({
    queryKey: assistedKeys.handover(itemId, channel),
    queryFn: () => callRoute(assistedApi.prepare, { params: { id: itemId, channel } }),
    enabled,
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  });
}

/** A change of the listing (answers, listed, unlist): the sheet takes the answer, the item's cards refetch. */
function useHandoverChange<V>(itemId: string, channel: AssistedChannel, send: (vars: V) => Promise<HandoverResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(assistedKeys.handover(itemId, channel), answer);
      void invalidateItemQueries(queryClient);
    },
  });
}

export const useAnswer = (itemId: string, channel: AssistedChannel) =>
  useHandoverChange(itemId, channel, (body: AnswersBody) => callRoute(assistedApi.answer, { params: { id: itemId, channel }, body }));

export const useRecordListed = (itemId: string, channel: AssistedChannel) =>
  useHandoverChange(itemId, channel, (url: string | null) =>
    callRoute(assistedApi.listed, { params: { id: itemId, channel }, body: { url } }),
  );

export const useUnlist = (itemId: string, channel: AssistedChannel) =>
  useHandoverChange(itemId, channel, () => callRoute(assistedApi.unlist, { params: { id: itemId, channel } }));

export function usePriceRules() {
  return useQuery({ queryKey: assistedKeys.priceRules, queryFn: () => callRoute(assistedApi.priceRules) });
}

export function useSetPriceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, rule }: { channel: Channel; rule: PriceRuleBody }) =>
      callRoute(assistedApi.setPriceRule, { params: { channel }, body: rule }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assistedKeys.priceRules });
      void queryClient.invalidateQueries({ queryKey: ['assisted'] });
      // Each listing's price in the item view follows the channel's rule (channelPriceOf on the server).
      void invalidateItemQueries(queryClient);
    },
  });
}
