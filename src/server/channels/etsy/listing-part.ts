import { currentEtsyWhenMade } from '@shared/contracts/etsy';
import type { EtsyListingPart } from '@shared/contracts/etsy-listing';
import type { EtsyListingData } from './listing-repo';

/**
 * Etsy's part of the item's Etsy entry in the item view's `listings` (contract: etsyListingPart): the seller's
 * "when was it made". Never the raw data (a draft's request time stays on the server). The item view asks for it
 * through Etsy's module (`listing.part`).
 */
export function etsyListingPartOf(data: unknown): EtsyListingPart {
  // In Etsy's values now: an answer from an earlier year's set is mapped by its years (null: asked again).
  return { whenMade: currentEtsyWhenMade(((data ?? {}) as EtsyListingData).whenMade) };
}
