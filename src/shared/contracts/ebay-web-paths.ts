// With their extensions: vite.config.ts loads web-paths.ts, and so this file, as it is.
import { SIMULATED_EBAY_PATH } from '../domain/simulated-ebay.ts';
import type { MarketplacePages } from './marketplace-pages-type.ts';

/** eBay's own pages of the app: its screen, the page its consent popup lands on, and its configuration test. */
export const ebayWebPaths = {
  screen: '/ebay',
  callback: '/ebay-callback',
  testConfig: '/test-ebay-config',
} as const;

/**
 * eBay's pages as web-paths.ts gathers them: the server answers its callback page itself, so the consent popup can
 * talk to its opener (COOP unsafe-none, http/app.ts); the simulated eBay's pages are the server's.
 */
export const ebayPages: MarketplacePages = {
  appPaths: Object.values(ebayWebPaths),
  signedOut: [ebayWebPaths.callback, ebayWebPaths.testConfig],
  serverAnswered: [ebayWebPaths.callback],
  simulatedPrefix: SIMULATED_EBAY_PATH,
};
