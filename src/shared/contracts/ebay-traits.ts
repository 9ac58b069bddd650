import { EBAY_MIN_LONG_SIDE_PX } from '../domain/ebay-photos';
import { SIMULATED_COMPARABLES } from '../domain/simulated-ebay';
import { ebayCategoryOf, ebayPublishStateOf } from './ebay-listing';
import type { MarketplaceTraits } from './marketplace-traits';
import { webPaths } from './web-paths';

/**
 * eBay's answers to what the channel-neutral code asks (decision 173): its listing's publish state is the card's
 * status, its active listings are the comparables, deleting the item ends its live listing first, it has a screen of its own, its listing names a category and grade, its picture policy's minimum and its titles' length, a new seller's autopilot publishes to it, and its comparables carry no dates.
 */
export const ebayTraits: MarketplaceTraits = {
  publishStateOf: ebayPublishStateOf,
  comparables: { simulatedTitle: SIMULATED_COMPARABLES },
  deleteEndsLiveListing: true,
  screenPath: webPaths.ebay,
  listedCategoryOf: ebayCategoryOf,
  photoMinimumLongSidePx: EBAY_MIN_LONG_SIDE_PX,
  // The Inventory API's Product.title: "Max Length: 80" (sell_inventory_v1_oas3.json).
  titleMaxChars: 80,
  onAutopilotByDefault: true,
  undatedSignal: 'comparables',
};
