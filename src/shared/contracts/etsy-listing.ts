import { z } from 'zod';
import type { ChannelListingView } from './items';
import { etsyWhenMade } from './etsy';

/**
 * Etsy's part of the item's Etsy entry in `listings` (channelListingView.part): what the seller chose for
 * Etsy alone. Only "when was it made" is the seller's per item: who made it is always `someone_else` (second-hand),
 * the taxonomy follows the item's category, and the shipping profile, return policy and processing time are the
 * shop's (Marketplaces screen). The server's Etsy module writes it from the listing's data (channels/etsy/listing-part.ts).
 */
export const etsyListingPart = z.object({
  /** The seller's answer to Etsy's "when was it made" (null: not answered; never assumed). */
  whenMade: z.enum(etsyWhenMade).nullable().default(null),
});
export type EtsyListingPart = z.infer<typeof etsyListingPart>;

/** The part as Etsy's screens read it (an entry without one, or with another shape, answers nothing). */
export const etsyPartOf = (listing: Pick<ChannelListingView, 'part'> | null | undefined): EtsyListingPart => {
  const parsed = etsyListingPart.safeParse(listing?.part ?? {});
  return parsed.success ? parsed.data : etsyListingPart.parse({});
};
