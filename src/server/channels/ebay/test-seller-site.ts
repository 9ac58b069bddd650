import { sellerRegionOfEbayMarketplace } from '@shared/domain/seller-region';
import type { SellerMarketplaceId } from '@shared/domain/ebay-sites';
import type { Db } from '../../db/client';
import { createSellerRegionService } from '../../seller-region/service';

/** Tests only: puts the seller on a marketplace as their own choice of country would (the seller region, decision 102). */
export async function setSellerMarketplace(db: Db, userId: string, marketplaceId: SellerMarketplaceId): Promise<void> {
  const region = sellerRegionOfEbayMarketplace(marketplaceId);
  if (!region) throw new Error(`no seller region for ${marketplaceId}`);
  await createSellerRegionService({ db }).choose(userId, region.country);
}
