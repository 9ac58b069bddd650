import { EBAY_MIN_LONG_SIDE_PX } from '../domain/ebay-photos';
import { ebayPublishStateOf } from './ebay-listing';
import type { MarketplaceTraits } from './marketplace-traits';

/**
 * eBay's answers to what the channel-neutral code asks (decision 173): its listing's publish state is the card's
 * status, deleting the item ends its live listing first, its picture policy's minimum, a new seller's autopilot publishes to it, and its comparables carry no dates.
 */
export const ebayTraits: MarketplaceTraits = {
  publishStateOf: ebayPublishStateOf,
  deleteEndsLiveListing: true,
  photoMinimumLongSidePx: EBAY_MIN_LONG_SIDE_PX,
  onAutopilotByDefault: true,
  undatedSignal: 'comparables',
};
