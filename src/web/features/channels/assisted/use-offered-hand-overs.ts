import type { AssistedChannel } from '@shared/domain/channel-listing';
import { useChannelConnectionList, useHandedOverChannels } from '@/entities/channels/use-channel-connections';
import { useOfferedAssistedChannels } from '@/entities/seller-region/use-offered-channels';

/**
 * The marketplaces the seller hands over to in their country, in one order. Empty until both the country and the
 * connections are read: Depop, handed over only while not connected by its API, came in a moment later and pushed the
 * buttons after it aside, so a tap on "Grailed" opened Vinted's sheet.
 */
export function useOfferedHandOvers(): AssistedChannel[] {
  const connections = useChannelConnectionList();
  const handedOver = useHandedOverChannels();
  const offered = useOfferedAssistedChannels();
  if (connections.isPending) return [];
  return offered.filter((channel) => handedOver.includes(channel));
}
