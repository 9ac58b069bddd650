import { assistedChannels, channels, isApiChannel, type AssistedChannel, type Channel } from '@shared/domain/channel-listing';
import { channelsServing, servesSellerIn } from '@shared/domain/marketplace-countries';
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

/**
 * Every marketplace offered to the signed-in seller, in the app's order: those serving their country (no Poshmark or
 * Mercari for a UK seller). `keep`, a value already chosen, stays whatever the country. While the country is read, the
 * API ones only.
 */
export function useOfferedChannels(keep?: Channel | ''): Channel[] {
  const region = useSellerRegion();
  const offered = region.isPending ? channels.filter(isApiChannel) : channelsServing(region.data?.country ?? defaultSellerCountry);
  return keep && !offered.includes(keep) ? channels.filter((channel) => channel === keep || offered.includes(channel)) : offered;
}
