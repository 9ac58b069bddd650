import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { itemProfitFloorResponse, profitFloorPaths, profitFloorSettings, type ProfitFloorSettings } from '@shared/contracts/profit-floor';
import { parsedRequest } from '@/lib/api-client';

/** The profit floor (decision 086): every key starts with 'profit-floor', so a settings change asks every floor again. */
export const profitFloorKeys = {
  all: ['profit-floor'] as const,
  settings: ['profit-floor', 'settings'] as const,
  item: (itemId: string, itemUpdatedAt: string) => ['profit-floor', 'item', itemId, itemUpdatedAt] as const,
};

/** GET /api/items/:id/profit-floor; the key carries the item's last change (a new cost, a listing's price). */
export function useItemFloor(itemId: string, itemUpdatedAt: string) {
  return useQuery({
    queryKey: profitFloorKeys.item(itemId, itemUpdatedAt),
    queryFn: ({ signal }) => parsedRequest(itemProfitFloorResponse, profitFloorPaths.item(itemId), { signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/profit-floor/settings. */
export function useProfitFloorSettings() {
  return useQuery({
    queryKey: profitFloorKeys.settings,
    queryFn: ({ signal }) => parsedRequest(profitFloorSettings, profitFloorPaths.settings, { signal }),
  });
}

/** PUT /api/profit-floor/settings: every floor shown is asked again. */
export function useSaveProfitFloorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfitFloorSettings) => parsedRequest(profitFloorSettings, profitFloorPaths.settings, { method: 'PUT', body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(profitFloorKeys.settings, answer);
      await queryClient.invalidateQueries({ queryKey: profitFloorKeys.all });
    },
  });
}
