import { linksUnder } from './simulated-pages';

/**
 * The simulated Shopify: the fake Shopify (fakes/shopify) the server starts when it has no Shopify keys
 * (decision 072), so a new installation can connect a store, list and sell end to end. Everything it shows is
 * labelled with these words.
 */
export const SIMULATED_SHOPIFY_LABEL = 'Simulated Shopify — nothing is listed for real';

/** Where the app shows the simulation's pages (the install step, a product's page) under its address. */
export const SIMULATED_SHOPIFY_PATH = '/simulated-shopify';

/** A product link that leads to the simulated Shopify's page, not to a store. */
export const isSimulatedShopifyListingUrl = linksUnder(SIMULATED_SHOPIFY_PATH);

/** "Simulate a sale on Shopify" for an item live on the simulated Shopify (the card's action). */
export const simulatedShopifySaleWords = {
  cardAction: 'Simulate a sale on Shopify',
  sold: (sku: string) => `${sku} sold on the simulated Shopify.`,
  notLive: 'This product is not live on the simulated Shopify, so it cannot be sold there.',
} as const;
