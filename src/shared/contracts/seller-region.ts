import { z } from 'zod';
import { sellerCountries, sellerRegionSources } from '../domain/seller-region';
import { route } from './route-table';
import { sellerRegionRoutes } from './seller-region-routes';

export { sellerRegionRoutes } from './seller-region-routes';

export const sellerRegionMessages = {
  country: `Choose one of ${sellerCountries.join(', ')}`,
} as const;

export const sellerRegionBody = z.object({
  country: z.enum(sellerCountries, { message: sellerRegionMessages.country }),
});

export const sellerRegionResponse = z.object({
  country: z.enum(sellerCountries),
  label: z.string(),
  currency: z.string(),
  locale: z.string(),
  ebayMarketplaceId: z.string(),
  productSafety: z.boolean(),
  /** Where the country came from: a marketplace account, the seller's choice, or neither (the US). */
  source: z.enum(sellerRegionSources),
});
export type SellerRegionResponse = z.infer<typeof sellerRegionResponse>;

/** Where the seller sells from: its routes (decision 102). */
export const sellerRegionApi = {
  region: route.get(sellerRegionRoutes.region, {
    summary: 'The seller’s country, currency, locale and marketplace sites',
    response: { 200: sellerRegionResponse },
  }),
  choose: route.put(sellerRegionRoutes.region, {
    summary: 'Sets the seller’s country (new items are counted in its currency; listings go to its marketplace sites)',
    body: sellerRegionBody,
    response: { 200: sellerRegionResponse },
  }),
};
