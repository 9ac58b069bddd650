import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assistedPaths,
  handoverResponse,
  priceRule,
  priceRulesResponse,
  type AnswersBody,
  type HandoverResponse,
  type PriceRuleBody,
} from '@shared/contracts/assisted';
import type { AssistedChannel, Channel } from '@shared/domain/channel-listing';
import { invalidateItemQueries } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

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
    queryFn: () => parsedRequest(handoverResponse, assistedPaths.prepare(itemId, channel), { method: 'POST' }),
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
  useHandoverChange(itemId, channel, (body: AnswersBody) =>
    parsedRequest(handoverResponse, assistedPaths.answers(itemId, channel), { method: 'PUT', body }),
  );

export const useRecordListed = (itemId: string, channel: AssistedChannel) =>
  useHandoverChange(itemId, channel, (url: string | null) =>
    parsedRequest(handoverResponse, assistedPaths.listed(itemId, channel), { method: 'POST', body: { url } }),
  );

export const useUnlist = (itemId: string, channel: AssistedChannel) =>
  useHandoverChange(itemId, channel, () => parsedRequest(handoverResponse, assistedPaths.unlist(itemId, channel), { method: 'POST' }));

export function usePriceRules() {
  return useQuery({ queryKey: assistedKeys.priceRules, queryFn: () => parsedRequest(priceRulesResponse, assistedPaths.priceRules) });
}

export function useSetPriceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, rule }: { channel: Channel; rule: PriceRuleBody }) =>
      parsedRequest(priceRule, assistedPaths.priceRule(channel), { method: 'PUT', body: rule }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assistedKeys.priceRules });
      void queryClient.invalidateQueries({ queryKey: ['assisted'] });
      // Each listing's price in the item view follows the channel's rule (channelPriceOf on the server).
      void invalidateItemQueries(queryClient);
    },
  });
}
