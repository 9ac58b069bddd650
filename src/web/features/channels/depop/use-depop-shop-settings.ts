import { depopShopApi } from '@shared/contracts/depop';
import { itemKeys } from '@/entities/items/query-keys';
import { useSaveSetting, useSetting } from '@/lib/saved-setting';

const shopSettings = { key: ['depop', 'shop-settings'], get: depopShopApi.shopSettings, save: depopShopApi.saveShopSettings };

/** GET /api/depop/shop-settings: the connected shop's default shipping price (decision 168); `enabled` once connected. */
export const useDepopShopSettings = (enabled = true) => useSetting(shopSettings, enabled);

/** PUT /api/depop/shop-settings: the items' Depop checks read it, so they are read again. */
export const useSaveDepopShopSettings = () => useSaveSetting(shopSettings, [itemKeys.all]);
