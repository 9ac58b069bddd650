import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sellerRegions } from '../db/schema';
import type { ApiChannel } from '@shared/domain/channel-listing';
import {
  defaultSellerCountry,
  isSellerCountry,
  sellerRegionOf,
  type SellerCountry,
  type SellerRegion,
  type SellerRegionSource,
} from '@shared/domain/seller-region';

/** The one writer and reader of `seller_regions` (decision 102). Every statement filters by the user. */

export interface StoredSellerRegion extends SellerRegion {
  source: SellerRegionSource;
}

export async function sellerRegionOfUser(db: Db, userId: string): Promise<StoredSellerRegion> {
  const [row] = await db
    .select({ country: sellerRegions.country, source: sellerRegions.source })
    .from(sellerRegions)
    .where(eq(sellerRegions.userId, userId));
  if (!row || !isSellerCountry(row.country)) return { ...sellerRegionOf(defaultSellerCountry), source: 'default' };
  return { ...sellerRegionOf(row.country), source: row.source };
}

/** The seller's own choice: kept over what any marketplace account says later. */
export async function chooseSellerCountry(db: Db, userId: string, country: SellerCountry): Promise<void> {
  await db
    .insert(sellerRegions)
    .values({ userId, country, source: 'seller' })
    .onConflictDoUpdate({ target: sellerRegions.userId, set: { country, source: 'seller', updatedAt: sql`now()` } });
}

/** The country the seller's account on `channel` is registered in; a choice the seller made stays. */
export async function noteAccountCountry(db: Db, userId: string, channel: ApiChannel, country: SellerCountry): Promise<void> {
  await db
    .insert(sellerRegions)
    .values({ userId, country, source: `${channel}-account` })
    .onConflictDoUpdate({
      target: sellerRegions.userId,
      set: { country, updatedAt: sql`now()` },
      setWhere: sql`${sellerRegions.source} <> 'seller'`,
    });
}
