import { z } from 'zod';
import type { ChannelListingView } from './items';

/**
 * Shopify's part of the item's Shopify entry in `listings` (channelListingView.part): the store the
 * product is in and its handle (the product's address in that store). The app sets no product type or collection,
 * so the seller chooses nothing else per item for Shopify yet. The server's Shopify module writes it from the
 * listing's data (channels/shopify/listing-part.ts); the variant id stays on the server.
 */
export const shopifyListingPart = z.object({
  /** The store's domain (`vintage.myshopify.com`); null until the product is made. */
  shop: z.string().nullable().default(null),
  /** The product's handle, from the SKU (`rs-pstfsh-001`); null until the product is made. */
  handle: z.string().nullable().default(null),
});
export type ShopifyListingPart = z.infer<typeof shopifyListingPart>;

/** The part as Shopify's screens read it (an entry without one, or with another shape, names nothing). */
export const shopifyPartOf = (listing: Pick<ChannelListingView, 'part'> | null | undefined): ShopifyListingPart => {
  const parsed = shopifyListingPart.safeParse(listing?.part ?? {});
  return parsed.success ? parsed.data : shopifyListingPart.parse({});
};
