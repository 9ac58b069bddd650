import {
  defaultSellerMarketplace,
  isSellerMarketplaceId,
  sellerMarketplace,
  type SellerMarketplace,
} from '@shared/domain/seller-marketplace';
import type { Db } from '../db/client';
import { channelAccountOf } from './channel-accounts-repo';

/**
 * The seller's home marketplace (issue 46): the one place the comparables and the assisted sites read it from.
 * Today it reads a `marketplaceId` in their eBay connection's data, which only tests set: every seller is on EBAY_US
 * until the seller's own marketplace setting lands. That setting replaces this body, not its callers.
 */
export async function sellerMarketplaceOf(db: Db, userId: string): Promise<SellerMarketplace> {
  const id = (await channelAccountOf(db, userId, 'ebay'))?.data.marketplaceId;
  return isSellerMarketplaceId(id) ? sellerMarketplace(id) : defaultSellerMarketplace;
}
