import { and, eq } from 'drizzle-orm';
import {
  defaultSellerMarketplace,
  isSellerMarketplaceId,
  sellerMarketplace,
  type SellerMarketplace,
} from '@shared/domain/seller-marketplace';
import type { Db } from '../db/client';
import { channelAccounts } from '../db/schema';

/**
 * The seller's home marketplace (issue 46): the one place the comparables and the assisted sites read it from.
 * Today it is the `marketplaceId` their eBay connection keeps in its data (set where the connection learns it);
 * without one, EBAY_US. The seller's own marketplace setting replaces this body when it lands, not its callers.
 */
export async function sellerMarketplaceOf(db: Db, userId: string): Promise<SellerMarketplace> {
  const [row] = await db
    .select({ data: channelAccounts.data })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, 'ebay')));
  const id = row?.data?.marketplaceId;
  return isSellerMarketplaceId(id) ? sellerMarketplace(id) : defaultSellerMarketplace;
}

export type SellerMarketplaceOf = (db: Db, userId: string) => Promise<SellerMarketplace>;
