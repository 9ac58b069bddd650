import { priceListApi } from '@shared/contracts/price-list';
import { useSaveSetting, useSetting } from '@/lib/saved-setting';

/** The seller's own price list: read by its screen, the offer after sign-up and Publish Settings' prefill. */
export const priceListKeys = { all: ['price-list'] as const };

const priceList = { key: priceListKeys.all, get: priceListApi.priceList, save: priceListApi.save };

/** GET /api/price-list. */
export const usePriceList = () => useSetting(priceList);

/** PUT /api/price-list (an empty list answers the offer after sign-up: "Skip"). */
export const useSavePriceList = () => useSaveSetting(priceList);
