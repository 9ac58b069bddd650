import { linksUnder } from './simulated-pages';

/**
 * The simulated eBay: the fake eBay (fakes/ebay) the server starts when it has no eBay keys, so a new installation
 * can connect and publish end to end. Everything it shows is labelled with these words.
 */
export const SIMULATED_EBAY_LABEL = 'Simulated eBay — nothing is listed for real';

/** What the simulated eBay's comparables are called wherever they are shown: never passed off as eBay's data. */
export const SIMULATED_COMPARABLES = 'Simulated comparables';

/** Where the app shows the simulation's own pages (consent, a listing's view) under its address. */
export const SIMULATED_EBAY_PATH = '/simulated-ebay';

/** A listing link that leads to the simulation's view page, not to eBay. */
export const isSimulatedListingUrl = linksUnder(SIMULATED_EBAY_PATH);

/** The simulated consent page opened without the app's session: each seller's simulated eBay account is their own. */
export const SIMULATED_EBAY_SIGN_IN = 'Sign in to Resale Studio first, then connect eBay again from the eBay screen.';

/** What a newcomer uses to see a sale land without a buyer: the listing page's button, the card's action. */
export const simulatedSaleWords = {
  buyNow: 'Buy it now (simulation)',
  cardAction: 'Simulate a sale on eBay',
  bought: (orderId: string) =>
    `A simulated buyer bought this listing (order ${orderId}). Resale Studio shows the sale on the product's card once it checks for sales.`,
  ended: 'This listing has ended: there is nothing left to buy.',
  sold: (sku: string) => `${sku} sold on the simulated eBay.`,
  notLive: 'This product is not live on the simulated eBay, so it cannot be sold there.',
} as const;

/** /test-ebay-config while the simulation runs: nothing is missing, and what real keys would change. */
export const simulatedEbayConfigWords = {
  title: 'The simulated eBay is running',
  body: 'No eBay keys are set, so this server runs a simulated eBay: connecting an account, publishing, sales and fees all work, and nothing is listed for real.',
  withKeys:
    'With your own eBay keys (EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME from developer.ebay.com, then a restart), the server lists on eBay for real: each seller connects their real eBay account, and the simulation and its listings are gone. The steps are below.',
  notNeeded: 'Not needed by the simulation',
} as const;
