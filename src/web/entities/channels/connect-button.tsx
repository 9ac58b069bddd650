import { Button } from '@/components/button';
import type { useChannelConnection } from './use-channel-connection';

/**
 * A marketplace section's Connect ("Connect Etsy"; "Reconnect Etsy" once its connection expired): through the
 * channel's consent, for a server that can connect it and a seller not connected there now; otherwise nothing.
 */
export function ChannelConnectButton({
  connection,
  name,
  configured,
  state,
}: {
  connection: Pick<ReturnType<typeof useChannelConnection>, 'connect' | 'connecting'>;
  /** The marketplace's name: "Connect Etsy". */
  name: string;
  /** Whether the server has the channel's keys. */
  configured: boolean | undefined;
  /** The seller's connection there (undefined while it loads). */
  state: 'connected' | 'expired' | 'not-connected' | undefined;
}) {
  if (!configured || state === 'connected') return null;
  return (
    <Button onClick={() => connection.connect()} loading={connection.connecting} className="shrink-0">
      {state === 'expired' ? `Reconnect ${name}` : `Connect ${name}`}
    </Button>
  );
}
