import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { etsyApi, type EtsyShopSetupBody, type EtsyWhenMade } from '@shared/contracts/etsy';
import { callRoute } from '@/lib/route-client';

export { etsyConnectionKey, useEtsyConnection } from '@/entities/channels/use-etsy-connection';
import { etsyConnectionKey } from '@/entities/channels/use-etsy-connection';
import { invalidateChannelConnections } from '@/entities/channels/use-channel-connections';
export const etsyPreflightKey = (itemId: string) => ['etsy', 'preflight', itemId] as const;

export function useEtsyShopSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EtsyShopSetupBody) => callRoute(etsyApi.setUpShop, { body }),
    onSuccess: (connection) => {
      queryClient.setQueryData(etsyConnectionKey, connection);
      void invalidateChannelConnections(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['etsy', 'preflight'] });
    },
  });
}

/**
 * GET /api/items/:id/listings/etsy/preflight: Etsy's rules against the item, each problem in words; read again when
 * the item changes (`updatedAt`: a price or category typed elsewhere on the screen left "Set a price" standing), the
 * last answer shown meanwhile, so nothing below it moves.
 */
export function useEtsyPreflight(itemId: string, updatedAt: string | undefined) {
  return useQuery({
    queryKey: [...etsyPreflightKey(itemId), updatedAt ?? null],
    queryFn: () => callRoute(etsyApi.preflight, { params: { id: itemId } }),
    placeholderData: keepPreviousData,
  });
}

export function useEtsyWhenMade(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (whenMade: EtsyWhenMade) => callRoute(etsyApi.saveAnswers, { params: { id: itemId }, body: { whenMade } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: etsyPreflightKey(itemId) }),
  });
}

/** PUT /api/items/:id/listings/etsy/processing-profile: the seller's yes to the switch Etsy cannot undo. */
export function useEtsyProcessingSwitch(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(etsyApi.switchProcessing, { params: { id: itemId }, body: { confirm: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: etsyPreflightKey(itemId) }),
  });
}
