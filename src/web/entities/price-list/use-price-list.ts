import { priceListPaths, priceListResponse, type PriceListBody } from '@shared/contracts/price-list';
import { useSaveSetting, useSetting } from '@/lib/saved-setting';

/** The seller's own price list: read by its screen, the offer after sign-up and Publish Settings' prefill. */
export const priceListKeys = { all: ['price-list'] as const };

const priceList = { key: priceListKeys.all, schema: priceListResponse, path: priceListPaths.priceList };

/** GET /api/price-list. */
export const usePriceList = () => useSetting(priceList);

/** PUT /api/price-list (an empty list answers the offer after sign-up: "Skip"). */
export const useSavePriceList = () => useSaveSetting<typeof priceListResponse, PriceListBody>(priceList);
