import type { ChannelConnectionStatus } from '@shared/contracts/channels';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { ChannelInstance } from './channel-module';

export interface ChannelConnections {
  /** The seller's connection on every registered API channel, in the registry's order. */
  ofSeller(userId: string): Promise<ChannelConnectionStatus[]>;
}

/** GET /api/channels/connections's service: asks each channel (decision 071). */
export function createChannelConnections(
  channels: readonly { name: ApiChannel; label: string; instance: Pick<ChannelInstance<unknown>, 'connectionStatus'> }[],
): ChannelConnections {
  return {
    ofSeller: (userId) =>
      Promise.all(
        channels.map(async ({ name, label, instance }) => ({ channel: name, label, ...(await instance.connectionStatus(userId)) })),
      ),
  };
}
