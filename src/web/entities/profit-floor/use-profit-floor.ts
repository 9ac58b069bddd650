import { profitFloorApi } from '@shared/contracts/profit-floor';
import { callRoute } from '@/lib/route-client';
import { useQueryOfChange } from '@/lib/use-query-of-change';
import { useSaveSetting, useSetting } from '@/lib/saved-setting';

/** The profit floor (decision 086): every key starts with 'profit-floor', so a settings change asks every floor again. */
export const profitFloorKeys = {
  all: ['profit-floor'] as const,
  settings: ['profit-floor', 'settings'] as const,
  item: (itemId: string) => ['profit-floor', 'item', itemId] as const,
};

/** GET /api/items/:id/profit-floor; the key carries the item's last change (a new cost, a listing's price). */
export function useItemFloor(itemId: string, itemUpdatedAt: string) {
  return useQueryOfChange({
    queryKey: profitFloorKeys.item(itemId),
    change: [itemUpdatedAt],
    queryFn: ({ signal }) => callRoute(profitFloorApi.item, { params: { id: itemId }, signal }),
  });
}

const settings = { key: profitFloorKeys.settings, get: profitFloorApi.settings, save: profitFloorApi.saveSettings };

/** GET /api/profit-floor/settings. */
export const useProfitFloorSettings = () => useSetting(settings);

/** PUT /api/profit-floor/settings: every floor shown is asked again. */
export const useSaveProfitFloorSettings = () => useSaveSetting(settings, [profitFloorKeys.all]);
