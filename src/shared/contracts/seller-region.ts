import { z } from 'zod';
import { sellerCountries } from '../domain/seller-region';

export { sellerRegionRoutes } from './seller-region-routes';

export const sellerRegionMessages = {
  country: `Choose one of ${sellerCountries.join(', ')}`,
} as const;

export const sellerRegionBody = z.object({
  country: z.enum(sellerCountries, { message: sellerRegionMessages.country }),
});
export type SellerRegionBody = z.infer<typeof sellerRegionBody>;

export const sellerRegionResponse = z.object({
  country: z.enum(sellerCountries),
  label: z.string(),
  currency: z.string(),
  locale: z.string(),
  ebayMarketplaceId: z.string(),
  productSafety: z.boolean(),
  /** Where the country came from: the eBay account, the seller's choice, or neither (the US). */
  source: z.enum(['ebay-account', 'seller', 'default']),
});
export type SellerRegionResponse = z.infer<typeof sellerRegionResponse>;
