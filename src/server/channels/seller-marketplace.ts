import {
  defaultSellerMarketplace,
  isSellerMarketplaceId,
  sellerMarketplace,
  type SellerMarketplace,
} from '@shared/domain/seller-marketplace';
import type { Db } from '../db/client';
import { sellerRegionIn } from '../seller-region/service';

/**
 * The seller's home marketplace: the one place the comparables and the assisted sites read it from. It is
 * the seller's region (decision 102: their choice, else their eBay account's country, else the US).
 */
export async function sellerMarketplaceOf(db: Db, userId: string): Promise<SellerMarketplace> {
  const id = (await sellerRegionIn(db, userId)).ebayMarketplaceId;
  return isSellerMarketplaceId(id) ? sellerMarketplace(id) : defaultSellerMarketplace;
}
