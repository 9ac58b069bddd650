import type { AssistedChannel } from '@shared/domain/channel-listing';
import { assistedChannels } from '@shared/domain/channel-listing';
import { servesSellerIn } from '@shared/domain/marketplace-countries';
import { defaultSellerCountry } from '@shared/domain/seller-region';
import { useSellerRegion } from './use-seller-region';

/**
 * The assisted marketplaces offered to the signed-in seller: those with a site in their country (no Mercari
 * for a UK seller). Empty while the country is being read, so none flashes up and goes; the US's if it cannot be read.
 */
export function useOfferedAssistedChannels(): AssistedChannel[] {
  const region = useSellerRegion();
  if (region.isPending) return [];
  const country = region.data?.country ?? defaultSellerCountry;
  return assistedChannels.filter((channel) => servesSellerIn(channel, country));
}
