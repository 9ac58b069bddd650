import { ebayWebPaths } from '@shared/contracts/ebay-web-paths';
import type { ChannelScreen } from '../web-channel';

/**
 * eBay's own screens (decision 094): its screen (account, policies, publishing), the page its consent popup lands on,
 * and its configuration test. Only lazy imports here: the app's routes read this before the seller signs in.
 */
export const ebayScreens: readonly ChannelScreen[] = [
  { path: ebayWebPaths.screen, signedIn: true, likelyNext: true, load: () => import('./ebay-view').then((m) => m.EbayView) },
  { path: ebayWebPaths.callback, signedIn: false, load: () => import('./ebay-callback-page').then((m) => m.EbayCallbackPage) },
  { path: ebayWebPaths.testConfig, signedIn: false, load: () => import('./test-config-page').then((m) => m.TestEbayConfigPage) },
];
