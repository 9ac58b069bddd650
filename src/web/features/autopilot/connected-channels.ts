import { apiChannels, type ApiChannel } from '@shared/domain/channel-listing';
import { useChannelConnections } from '@/entities/channels/use-channel-connections';

/** Each API channel's connection, and the ones connected now (the only ones autopilot can publish on). */
export function useConnectedChannels() {
  const connections = useChannelConnections();
  const connected: ApiChannel[] = apiChannels.filter((channel) => connections[channel] === 'connected');
  const loading = apiChannels.some((channel) => connections[channel] === 'unknown');
  return { connections, connected, loading };
}
