import { useState, type ReactNode } from 'react';
import type { ChannelConnectionStatus } from '@shared/contracts/channels';
import { channelMessages } from '@shared/contracts/channels';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { useChannelConnection } from './use-channel-connection';

export interface DisconnectDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The channel's entry of GET /api/channels (its name and the listings up there). */
  status: ChannelConnectionStatus | undefined;
  title: string;
  /** What disconnecting means on this channel, in its words. */
  message: ReactNode;
  onConfirm(): void;
}

/**
 * The one disconnect confirmation: with listings up on the channel, it says they are ended first (a sale there would
 * go unseen once disconnected, and the item could sell twice) and the button says so.
 */
export function DisconnectDialog({ open, onOpenChange, status, title, message, onConfirm }: DisconnectDialogProps) {
  const up = status?.listings?.up ?? 0;
  const label = status?.label ?? '';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      message={
        up > 0 ? (
          <>
            <span className="block">{message}</span>
            <span className="mt-3 block font-medium text-amber-800">{channelMessages.upOnDisconnect(label, up)}</span>
          </>
        ) : (
          message
        )
      }
      confirmLabel={up > 0 ? `End ${up === 1 ? '1 listing' : `${up} listings`} and disconnect` : 'Disconnect'}
      onConfirm={onConfirm}
    />
  );
}

/** While a disconnect waits for the channel's listings to end: what the section shows. */
export function endingProgress(status: ChannelConnectionStatus | undefined): string | null {
  const up = status?.listings?.up ?? 0;
  if (!up) return null;
  return `Ending ${up === 1 ? '1 listing' : `${up} listings`} on ${status?.label ?? ''}, then disconnecting…`;
}

/**
 * A connected marketplace section's disconnect: its refusal, the listings being ended first, the button and the one
 * confirmation. `children` stand between the notes and the button (Depop's offers to likers).
 */
export function ChannelDisconnect({
  connection,
  name,
  message,
  children,
}: {
  connection: Pick<ReturnType<typeof useChannelConnection>, 'status' | 'disconnect'>;
  /** The marketplace's name: "Disconnect Etsy", "Disconnect Etsy?". */
  name: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  const { status, disconnect } = connection;
  const [confirming, setConfirming] = useState(false);
  const ending = disconnect.isPending ? endingProgress(status) : null;
  return (
    <>
      {disconnect.isError && <Alert tone="error">{disconnect.error.message}</Alert>}
      {ending && <Alert tone="info">{ending}</Alert>}
      {children}
      <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)} loading={disconnect.isPending}>
        Disconnect {name}
      </Button>
      <DisconnectDialog
        open={confirming}
        onOpenChange={setConfirming}
        status={status}
        title={`Disconnect ${name}?`}
        message={message}
        onConfirm={() => disconnect.mutate()}
      />
    </>
  );
}
