import { defaultSellerMarketplace, isSellerMarketplaceId, sellerMarketplace, type SellerMarketplace } from '@shared/domain/ebay-sites';
import type { Db } from '../../db/client';
import { sellerRegionIn } from '../../seller-region/service';

/**
 * The eBay site the seller sells on: the one place eBay's comparables, publish, offers and traffic read it from. It is
 * the seller region's (decision 102: their choice, else their eBay account's country, else the US).
 */
export async function ebaySiteOfSeller(db: Db, userId: string): Promise<SellerMarketplace> {
  const id = (await sellerRegionIn(db, userId)).ebayMarketplaceId;
  return isSellerMarketplaceId(id) ? sellerMarketplace(id) : defaultSellerMarketplace;
}
