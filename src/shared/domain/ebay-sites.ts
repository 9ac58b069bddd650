/**
 * eBay's sites a seller may sell on (one per seller country), with their country and currency: eBay's home site for
 * the seller (its `homeSiteOf` trait, decision 178). It picks the comparables' Browse marketplace and currency; eBay's
 * server code reads the seller's through `ebaySiteOfSeller` (src/server/channels/ebay/seller-site.ts), the rest of the
 * app through the registry's `homeSiteOf`.
 */
export const sellerMarketplaceIds = ['EBAY_US', 'EBAY_GB', 'EBAY_DE', 'EBAY_FR', 'EBAY_IT', 'EBAY_ES', 'EBAY_CA', 'EBAY_AU'] as const;
export type SellerMarketplaceId = (typeof sellerMarketplaceIds)[number];

export interface SellerMarketplace {
  marketplaceId: SellerMarketplaceId;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 4217: the currency eBay prices that marketplace's listings in. */
  currency: string;
  /** The seller reads it: "eBay UK". */
  name: string;
}

const countryAndCurrency: Readonly<Record<SellerMarketplaceId, [country: string, currency: string, name: string]>> = {
  EBAY_US: ['US', 'USD', 'eBay US'],
  EBAY_GB: ['GB', 'GBP', 'eBay UK'],
  EBAY_DE: ['DE', 'EUR', 'eBay Germany'],
  EBAY_FR: ['FR', 'EUR', 'eBay France'],
  EBAY_IT: ['IT', 'EUR', 'eBay Italy'],
  EBAY_ES: ['ES', 'EUR', 'eBay Spain'],
  EBAY_CA: ['CA', 'CAD', 'eBay Canada'],
  EBAY_AU: ['AU', 'AUD', 'eBay Australia'],
};

export const isSellerMarketplaceId = (value: unknown): value is SellerMarketplaceId =>
  typeof value === 'string' && (sellerMarketplaceIds as readonly string[]).includes(value);

export function sellerMarketplace(marketplaceId: SellerMarketplaceId): SellerMarketplace {
  const [country, currency, name] = countryAndCurrency[marketplaceId];
  return { marketplaceId, country, currency, name };
}

/** Where no choice is known: the app's first market. */
export const defaultSellerMarketplace = sellerMarketplace('EBAY_US');
