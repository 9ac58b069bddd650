import type { ChannelConnectionStatus } from '@shared/contracts/channels';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { ChannelInstance } from './channel-module';
import type { SalesService } from './sales';

export interface ChannelConnections {
  /** The seller's connection on every registered API channel, in the registry's order. */
  ofSeller(userId: string): Promise<ChannelConnectionStatus[]>;
}

/**
 * GET /api/channels/connections's service: asks each channel (decision 071), with the day's sales checks on each
 * against its daily limit (decision 078) when `sales` is given.
 */
export function createChannelConnections(
  channels: readonly { name: ApiChannel; label: string; instance: Pick<ChannelInstance<unknown>, 'connectionStatus'> }[],
  sales?: Pick<SalesService, 'salesChecksOfToday'>,
): ChannelConnections {
  return {
    async ofSeller(userId) {
      const checks = (await sales?.salesChecksOfToday()) ?? [];
      return Promise.all(
        channels.map(async ({ name, label, instance }) => {
          const today = checks.find((entry) => entry.channel === name);
          return {
            channel: name,
            label,
            ...(await instance.connectionStatus(userId)),
            ...(today ? { salesChecksToday: { used: today.used, limit: today.limit } } : {}),
          };
        }),
      );
    },
  };
}
