import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ebayApi, type CreatePoliciesBody, type SetLocationBody } from '@shared/contracts/ebay';
import { invalidateChannelConnections } from '@/entities/channels/use-channel-connections';
import { callRoute } from '@/lib/route-client';

export { ebayConnectionKey, useEbayConnection } from '@/entities/channels/use-ebay-connection';

function useRefreshConnection() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['ebay'] }), invalidateChannelConnections(queryClient)]);
}

export function useCheckPolicies() {
  return useMutation({ mutationFn: () => callRoute(ebayApi.checkPolicies) });
}

/** The shipping services of the seller's eBay marketplace (kept per marketplace: another country, another list). */
export function useShippingServices(enabled: boolean, marketplaceId: string | undefined) {
  return useQuery({
    queryKey: ['ebay', 'shipping-services', marketplaceId],
    queryFn: () => callRoute(ebayApi.shippingServices),
    enabled: enabled && marketplaceId !== undefined,
    staleTime: 3600_000,
  });
}

export function useCreatePolicies() {
  const refresh = useRefreshConnection();
  return useMutation({
    mutationFn: (body: CreatePoliciesBody) => callRoute(ebayApi.createPolicies, { body }),
    onSuccess: refresh,
  });
}

export function useChoosePolicies() {
  const refresh = useRefreshConnection();
  return useMutation({
    mutationFn: (body: { paymentPolicyId: string; fulfillmentPolicyId: string; returnPolicyId: string }) =>
      callRoute(ebayApi.choosePolicies, { body }),
    onSuccess: refresh,
  });
}

export function useSetLocation() {
  const refresh = useRefreshConnection();
  return useMutation({
    mutationFn: (body: SetLocationBody) => callRoute(ebayApi.setLocation, { body }),
    onSuccess: refresh,
  });
}
