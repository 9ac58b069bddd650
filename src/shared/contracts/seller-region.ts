import { z } from 'zod';
import { sellerCountries } from '../domain/seller-region';

/** Where the seller sells from (decision 102): their country, and what it sets. */
export const sellerRegionRoutes = { region: '/api/seller-region' } as const;

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
