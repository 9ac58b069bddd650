import { z } from 'zod';
import { publishStatusOf, type ChannelListingView, type ListedItem } from './items';
import type { PublishState } from './marketplace-traits';

/**
 * eBay's part of the item's eBay entry in `listings` (channelListingView.part): what only eBay's screens read. The
 * server's eBay module writes it from the listing's data (channels/ebay/listing-view.ts); the browser reads it here.
 */
export const ebayListingPart = z.object({
  /** The eBay category the item is listed (or to be listed) under, and its name. */
  categoryId: z.string().nullable().default(null),
  categoryName: z.string().nullable().default(null),
  /** eBay's condition grade (PUBLISH_CONDITIONS). */
  conditionGrade: z.string().nullable().default(null),
  /** The offer eBay made of the listing (null until published). */
  offerId: z.string().nullable().default(null),
  /**
   * The seller saved Publish Settings or published: the listing is the item's publish state. A draft that only holds
   * the category or condition (the AI's, a Quick Fix) is not.
   */
  settingsSaved: z.boolean().default(false),
});
export type EbayListingPart = z.infer<typeof ebayListingPart>;

/** The part as eBay reads it (a listing without one, or with another shape, names nothing). */
export const ebayPartOf = (listing: Pick<ChannelListingView, 'part'> | null | undefined): EbayListingPart => {
  const parsed = ebayListingPart.safeParse(listing?.part ?? {});
  return parsed.success ? parsed.data : ebayListingPart.parse({});
};

type WithListings = Pick<ListedItem, 'listings'>;

/** The item's eBay entry in `listings`, or null without one. */
export const ebayListingOf = (item: WithListings): ChannelListingView | null =>
  item.listings.find((listing) => listing.channel === 'ebay') ?? null;

/**
 * The item's eBay publish state as eBay's screens and the seller's cards show it (eBay's trait, ebay-traits.ts): null
 * while the seller neither saved Publish Settings nor sent it to eBay.
 */
export type EbayPublishState = PublishState;

export function ebayPublishStateOf(item: WithListings): EbayPublishState | null {
  const listing = ebayListingOf(item);
  if (!listing || (listing.status === 'draft' && !ebayPartOf(listing).settingsSaved)) return null;
  return {
    status: publishStatusOf(listing.status),
    listingUrl: listing.url,
    error: listing.error,
    price: listing.ownPrice ? listing.price : null,
    quantity: listing.quantity,
    change: listing.change,
  };
}

/** The eBay category and condition the item's eBay listing names (none: nulls). */
export function ebayCategoryOf(item: WithListings): {
  categoryId: string | null;
  categoryName: string | null;
  conditionGrade: string | null;
} {
  const { categoryId, categoryName, conditionGrade } = ebayPartOf(ebayListingOf(item));
  return { categoryId, categoryName, conditionGrade };
}
