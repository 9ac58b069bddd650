import { ebayMarketplaceName } from '@shared/domain/ebay-names';
import type { RegionMarketplace } from '@/entities/seller-region/seller-region-card';

/** What the seller's country means on the eBay screen: the eBay site they list on, and what to set again after a change. */
export const ebayRegionMarketplace: RegionMarketplace = {
  listsOn: (region) => ebayMarketplaceName(region.ebayMarketplaceId),
  afterChange: (region) =>
    `After saving, create your policies and set your location again for ${ebayMarketplaceName(region.ebayMarketplaceId)}.`,
};
