import { etsyListingPart, type EtsyListingPart } from '@shared/contracts/etsy-listing';
import type { EtsyListingData } from './listing-repo';

/**
 * Etsy's part of the item's Etsy entry in the item view's `listings` (contract: etsyListingPart): the seller's
 * "when was it made". Never the raw data (a draft's request time stays on the server). The item view asks for it
 * through Etsy's module (`listing.part`).
 */
export function etsyListingPartOf(data: unknown): EtsyListingPart {
  const whenMade = etsyListingPart.shape.whenMade.safeParse(((data ?? {}) as EtsyListingData).whenMade ?? null);
  return { whenMade: whenMade.success ? whenMade.data : null };
}
