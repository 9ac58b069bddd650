/**
 * Where the seller sells from: their country sets the currency of their prices, costs, fees and profit,
 * the locale amounts are shown in, and, on eBay, the marketplace, its language and whether EU product safety (GPSR)
 * applies. One table, read by the server and the browser.
 */

import { apiChannels, type ApiChannel } from './channel-listing';

export const sellerCountries = ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'CA', 'AU'] as const;
export type SellerCountry = (typeof sellerCountries)[number];

export interface SellerRegion {
  country: SellerCountry;
  /** As the seller reads it in the settings. */
  label: string;
  /** ISO 4217: what their amounts are counted in. */
  currency: string;
  /** BCP 47: how amounts and dates are written for them, and the language of their eBay listings. */
  locale: string;
  /** eBay's marketplace for the country (MarketplaceEnum). */
  ebayMarketplaceId: string;
  /** EU product safety (GPSR): eBay's EU marketplaces and the UK (Northern Ireland) ask for it. */
  productSafety: boolean;
}

const regions: Record<SellerCountry, SellerRegion> = {
  US: {
    country: 'US',
    label: 'United States (US dollars)',
    currency: 'USD',
    locale: 'en-US',
    ebayMarketplaceId: 'EBAY_US',
    productSafety: false,
  },
  GB: {
    country: 'GB',
    label: 'United Kingdom (pounds)',
    currency: 'GBP',
    locale: 'en-GB',
    ebayMarketplaceId: 'EBAY_GB',
    productSafety: true,
  },
  DE: { country: 'DE', label: 'Germany (euros)', currency: 'EUR', locale: 'de-DE', ebayMarketplaceId: 'EBAY_DE', productSafety: true },
  FR: { country: 'FR', label: 'France (euros)', currency: 'EUR', locale: 'fr-FR', ebayMarketplaceId: 'EBAY_FR', productSafety: true },
  IT: { country: 'IT', label: 'Italy (euros)', currency: 'EUR', locale: 'it-IT', ebayMarketplaceId: 'EBAY_IT', productSafety: true },
  ES: { country: 'ES', label: 'Spain (euros)', currency: 'EUR', locale: 'es-ES', ebayMarketplaceId: 'EBAY_ES', productSafety: true },
  CA: {
    country: 'CA',
    label: 'Canada (Canadian dollars)',
    currency: 'CAD',
    locale: 'en-CA',
    ebayMarketplaceId: 'EBAY_CA',
    productSafety: false,
  },
  AU: {
    country: 'AU',
    label: 'Australia (Australian dollars)',
    currency: 'AUD',
    locale: 'en-AU',
    ebayMarketplaceId: 'EBAY_AU',
    productSafety: false,
  },
};

/**
 * Where the seller's country came from: a marketplace account's registration (`ebay-account`: the one the marketplace
 * said when it was connected), the seller's own choice, or neither (the default).
 */
export type SellerRegionSource = `${ApiChannel}-account` | 'seller' | 'default';
export const sellerRegionSources: [SellerRegionSource, ...SellerRegionSource[]] = [
  'seller',
  'default',
  ...apiChannels.map((channel) => `${channel}-account` as const),
];
/** The marketplace whose account said the country; null for the seller's choice or the default. */
export const accountChannelOf = (source: SellerRegionSource): ApiChannel | null =>
  apiChannels.find((channel) => source === `${channel}-account`) ?? null;

/** A seller who has not said (and whose eBay account has not): the US, as before a seller had a country. */
export const defaultSellerCountry: SellerCountry = 'US';

export const isSellerCountry = (value: unknown): value is SellerCountry =>
  typeof value === 'string' && (sellerCountries as readonly string[]).includes(value);

export const sellerRegionOf = (country: SellerCountry): SellerRegion => regions[country];

/** Every currency a seller's amounts can be counted in (one per region, the euro once): USD, GBP, EUR, CAD, AUD. */
export const sellerCurrencies = ['USD', 'GBP', 'EUR', 'CAD', 'AUD'] as const;
export type SellerCurrency = (typeof sellerCurrencies)[number];
export const isSellerCurrency = (value: unknown): value is SellerCurrency =>
  typeof value === 'string' && (sellerCurrencies as readonly string[]).includes(value);

/** The region of an eBay marketplace id; null for one we do not sell on. */
export function sellerRegionOfEbayMarketplace(marketplaceId: string | null | undefined): SellerRegion | null {
  return Object.values(regions).find((region) => region.ebayMarketplaceId === marketplaceId) ?? null;
}

/** The EU member states, for GPSR's rule that the manufacturer or a responsible person is located in the EU. */
export const euCountries = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;
export const isEuCountry = (country: string | null | undefined) =>
  (euCountries as readonly string[]).includes((country ?? '').toUpperCase());
