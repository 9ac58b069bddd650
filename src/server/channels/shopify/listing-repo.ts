import { channelListingRepo } from '../channel-listing-repo';

/** What only Shopify needs of an item's listing (channel_listings.data for channel 'shopify'). */
export interface ShopifyListingData {
  /** The product's handle: the same on every retry, so a lost answer never makes a second product. */
  handle?: string;
  /** The product's one variant (its price is revised there). */
  variantId?: string | null;
  /** The store the product is in (a reconnect to another store does not touch it). */
  shop?: string;
  /**
   * The title, description and tags as last sent, by their digest (`shopify-text-digest.ts`): a revise that would send
   * the same again (a price drop, a stock change) leaves the product's text alone and spends no points on it.
   */
  textSent?: string;
}

/** The seller's Shopify listings (the shared listing repository, its data typed as Shopify's). */
export const shopifyListings = channelListingRepo<ShopifyListingData>('shopify');
