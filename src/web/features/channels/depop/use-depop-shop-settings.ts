import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { depopPaths, depopShopSettings, type DepopShopSettingsBody } from '@shared/contracts/depop';
import { itemKeys } from '@/entities/items/query-keys';
import { parsedRequest } from '@/lib/api-client';

// The shop settings' GET and PUT are the Depop plugin's own routes, in no contract table, so saved-setting (which takes a
// table's two routes) does not serve them: they are read and saved here by their path and schema, the same way.
const shopSettingsKey = ['depop', 'shop-settings'] as const;

/** GET /api/depop/shop-settings: the connected shop's default shipping price (decision 168); `enabled` once connected. */
export const useDepopShopSettings = (enabled = true) =>
  useQuery({
    queryKey: shopSettingsKey,
    queryFn: ({ signal }) => parsedRequest(depopShopSettings, depopPaths.shopSettings, { signal }),
    enabled,
  });

/** PUT /api/depop/shop-settings: the items' Depop checks read it, so they are read again. */
export function useSaveDepopShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepopShopSettingsBody) => parsedRequest(depopShopSettings, depopPaths.shopSettings, { method: 'PUT', body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(shopSettingsKey, answer);
      await queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
  });
}
