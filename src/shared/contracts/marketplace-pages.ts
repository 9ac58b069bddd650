// With their extensions: vite.config.ts loads web-paths.ts, and so this file, as it is.
import type { ApiChannel } from '../domain/channel-listing.ts';
import { SIMULATED_ETSY_PATH } from '../domain/simulated-etsy.ts';
import { SIMULATED_SHOPIFY_PATH } from '../domain/simulated-shopify.ts';
import { ebayPages } from './ebay-web-paths.ts';
import type { MarketplacePages } from './marketplace-pages-type.ts';

/**
 * Each API marketplace's pages (decision 178): its own pages of the app and its simulation's, which web-paths.ts adds
 * to the app's. Apart from marketplace-registry.ts because vite.config.ts and the service worker's options load it as
 * it is (no path aliases, no zod).
 */
export const marketplacePages: Readonly<Record<ApiChannel, MarketplacePages>> = {
  ebay: ebayPages,
  etsy: { simulatedPrefix: SIMULATED_ETSY_PATH },
  shopify: { simulatedPrefix: SIMULATED_SHOPIFY_PATH },
  depop: {},
};
