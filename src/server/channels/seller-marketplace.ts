import { homeSiteOf } from '@shared/contracts/marketplace-registry';
import type { HomeSite } from '@shared/contracts/marketplace-traits';
import type { Db } from '../db/client';
import { sellerRegionIn } from '../seller-region/service';

/**
 * The seller's home marketplace site, as the marketplaces' traits give it for the seller's region (decision 102: their
 * choice, else a marketplace account's country, else the US; decision 178: the site asked of the registry).
 */
export async function sellerMarketplaceOf(db: Db, userId: string): Promise<HomeSite> {
  return homeSiteOf(await sellerRegionIn(db, userId));
}
