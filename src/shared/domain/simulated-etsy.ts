import { linksUnder } from './simulated-pages';

/**
 * The simulated Etsy: the fake Etsy (fakes/etsy) the server starts when it has no Etsy keys, so a new
 * installation can connect a shop, list and sell end to end. Everything it shows is labelled with these words.
 */
export const SIMULATED_ETSY_LABEL = 'Simulated Etsy — nothing is listed for real';

/** Where the app shows the simulation's own pages (consent, a listing's view) under its address. */
export const SIMULATED_ETSY_PATH = '/simulated-etsy';

/** A listing link that leads to the simulated Etsy's view page, not to Etsy. */
export const isSimulatedEtsyListingUrl = linksUnder(SIMULATED_ETSY_PATH);

/** The simulated consent page or "Buy it now" opened without the app's session: each seller's simulated shop is their own. */
export const SIMULATED_ETSY_SIGN_IN = 'Sign in to Resale Studio first, then connect Etsy again from the Marketplaces screen.';

/** "Simulate a sale" on the simulated Etsy (the route pattern, as salesPaths.simulatedSale is eBay's); only while it runs. */
export const SIMULATED_ETSY_SALE_ROUTE = '/api/items/:itemId/simulated-etsy-sale';

/** "Simulate a sale" for an item live on the simulated Etsy (the card's action). */
export const simulatedEtsySaleWords = {
  cardAction: 'Simulate a sale on Etsy',
  sold: (sku: string) => `${sku} sold on the simulated Etsy.`,
  notLive: 'This product is not live on the simulated Etsy, so it cannot be sold there.',
} as const;
