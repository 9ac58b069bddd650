import { useState } from 'react';
import { assistedChannels, channelNames, type AssistedChannel } from '@shared/domain/channel-listing';
import { Button } from '../../../components/button';
import { LazyAssistedHandover } from './lazy-assisted-handover';

/**
 * "Other marketplaces" under a listing: one button per assisted marketplace, each opening its hand-over (the channel
 * picker of issue 34 opens the same sheet).
 */
export function OtherMarketplaces({ itemId }: { itemId: string }) {
  const [open, setOpen] = useState<AssistedChannel | null>(null);
  return (
    <section className="flex flex-col gap-2" aria-label="Other marketplaces" data-testid="other-marketplaces">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Other marketplaces</h4>
      <div className="flex flex-wrap gap-2">
        {assistedChannels.map((channel) => (
          <Button key={channel} variant="secondary" onClick={() => setOpen(channel)}>
            {channelNames[channel]}
          </Button>
        ))}
      </div>
      {open && <LazyAssistedHandover itemId={itemId} channel={open} open onClose={() => setOpen(null)} />}
    </section>
  );
}
