import { channelListingRepo } from '../channel-listing-repo';

/** What only Etsy needs of an item's listing (channel_listings.data for channel 'etsy'). */
export interface EtsyListingData {
  /**
   * The seller's answer to "when was it made" (never assumed: Etsy's vintage means 20 years or older), as Etsy named
   * the era when they answered: read through currentEtsyWhenMade (Etsy renames its years every year).
   */
  whenMade?: string | null;
  /**
   * When the seller said yes to moving the listing onto the shop's processing profile (Etsy cannot undo it): until
   * then a listing still on its own processing times is updated without one, never switched silently.
   */
  processingSwitchConfirmedAt?: string | null;
  /**
   * When an inventory naming the shop's processing profile reached Etsy (a listing made here names it from its draft):
   * the listing uses profiles for good (Etsy cannot undo it), so later updates need not read whether it still ships
   * on its own processing times (decision 109).
   */
  profileNamedAt?: string | null;
  /** When a draft was asked of Etsy and no listing id came back yet: a retry looks for that draft first. */
  draftRequestedAt?: string | null;
}

/** The seller's Etsy listings (the shared listing repository, its data typed as Etsy's). */
export const etsyListings = channelListingRepo<EtsyListingData>('etsy');
