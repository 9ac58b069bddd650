import { EBAY_MIN_LONG_SIDE_PX } from '../domain/ebay-photos';
import { defaultSellerMarketplace, isSellerMarketplaceId, sellerMarketplace } from '../domain/ebay-sites';
import { SIMULATED_COMPARABLES } from '../domain/simulated-ebay';
import { ebayDraftVocabulary } from './ebay-draft-vocabulary';
import { ebayCategoryOf, ebayPublishStateOf } from './ebay-listing';
import type { MarketplaceTraits } from './marketplace-traits';
import { ebayWebPaths } from './ebay-web-paths';

/**
 * eBay's answers to what the channel-neutral code asks (decision 173): its listing's publish state is the card's
 * status, its active listings are the comparables, deleting the item ends its live listing first, it has a screen of its own, its listing names a category and grade, its picture policy's minimum and its titles' length, a new seller's autopilot publishes to it, its comparables carry no dates, the AI's listing is written in its words, it has a site per country, and the item's readiness carries its pre-flight.
 */
export const ebayTraits: MarketplaceTraits = {
  publishStateOf: ebayPublishStateOf,
  comparables: { simulatedTitle: SIMULATED_COMPARABLES },
  deleteEndsLiveListing: true,
  screenPath: ebayWebPaths.screen,
  listedCategoryOf: ebayCategoryOf,
  photoMinimumLongSidePx: EBAY_MIN_LONG_SIDE_PX,
  // The Inventory API's Product.title: "Max Length: 80" (sell_inventory_v1_oas3.json).
  titleMaxChars: 80,
  onAutopilotByDefault: true,
  draftVocabulary: ebayDraftVocabulary,
  undatedSignal: 'comparables',
  checksReadiness: true,
  homeSiteOf: ({ ebayMarketplaceId }) =>
    isSellerMarketplaceId(ebayMarketplaceId) ? sellerMarketplace(ebayMarketplaceId) : defaultSellerMarketplace,
};
