import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  etsyAnswersResponse,
  etsyConnectionResponse,
  etsyPaths,
  etsyPreflightResponse,
  etsyProcessingSwitchResponse,
  type EtsyShopSetupBody,
  type EtsyWhenMade,
} from '@shared/contracts/etsy';
import { parsedRequest } from '@/lib/api-client';

export { etsyConnectionKey, useEtsyConnection } from '@/entities/channels/use-etsy-connection';
import { etsyConnectionKey } from '@/entities/channels/use-etsy-connection';
import { invalidateChannelConnections } from '@/entities/channels/use-channel-connections';
export const etsyPreflightKey = (itemId: string) => ['etsy', 'preflight', itemId] as const;
const itemPath = (path: string, itemId: string) => path.replace(':id', encodeURIComponent(itemId));

export function useEtsyShopSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EtsyShopSetupBody) => parsedRequest(etsyConnectionResponse, etsyPaths.shopSetup, { method: 'POST', body }),
    onSuccess: (connection) => {
      queryClient.setQueryData(etsyConnectionKey, connection);
      void invalidateChannelConnections(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['etsy', 'preflight'] });
    },
  });
}

/** GET /api/items/:id/listings/etsy/preflight: Etsy's rules against the item, each problem in words. */
export function useEtsyPreflight(itemId: string) {
  return useQuery({
    queryKey: etsyPreflightKey(itemId),
    queryFn: () => parsedRequest(etsyPreflightResponse, itemPath(etsyPaths.preflight, itemId)),
  });
}

export function useEtsyWhenMade(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (whenMade: EtsyWhenMade) =>
      parsedRequest(etsyAnswersResponse, itemPath(etsyPaths.itemAnswers, itemId), { method: 'PUT', body: { whenMade } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: etsyPreflightKey(itemId) }),
  });
}

/** PUT /api/items/:id/listings/etsy/processing-profile: the seller's yes to the switch Etsy cannot undo. */
export function useEtsyProcessingSwitch(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      parsedRequest(etsyProcessingSwitchResponse, itemPath(etsyPaths.processingSwitch, itemId), {
        method: 'PUT',
        body: { confirm: true },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: etsyPreflightKey(itemId) }),
  });
}
