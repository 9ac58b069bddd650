import { shopifyListingPart, type ShopifyListingPart } from '@shared/contracts/shopify-listing';
import type { ShopifyListingData } from './listing-repo';

const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * Shopify's part of the item's Shopify entry in the item view's `listings` (contract: shopifyListingPart): the store
 * and the product's handle. The variant id stays on the server. The item view asks for it through Shopify's module
 * (`listing.part`).
 */
export function shopifyListingPartOf(data: unknown): ShopifyListingPart {
  const shopify = (data ?? {}) as ShopifyListingData;
  return shopifyListingPart.parse({ shop: textOrNull(shopify.shop), handle: textOrNull(shopify.handle) });
}
