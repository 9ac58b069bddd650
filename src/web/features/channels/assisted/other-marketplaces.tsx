import { useState } from 'react';
import { channelNames, type AssistedChannel } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { LazyAssistedHandover } from './lazy-assisted-handover';
import { useOfferedHandOvers } from './use-offered-hand-overs';

/**
 * "Other marketplaces" under a listing: one button per assisted marketplace, each opening its hand-over (the channel
 * picker opens the same sheet). A marketplace the seller has connected by its API (Depop) lists the item itself: no
 * hand-over for it then.
 */
export function OtherMarketplaces({ itemId }: { itemId: string }) {
  const [open, setOpen] = useState<AssistedChannel | null>(null);
  // Only those serving the seller's country, once it and the connections are read.
  const offered = useOfferedHandOvers();
  return (
    <section className="flex flex-col gap-2" aria-label="Other marketplaces" data-testid="other-marketplaces">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Other marketplaces</h4>
      <div className="flex flex-wrap gap-2">
        {offered.map((channel) => (
          <Button key={channel} variant="secondary" onClick={() => setOpen(channel)}>
            {channelNames[channel]}
          </Button>
        ))}
      </div>
      {open && <LazyAssistedHandover itemId={itemId} channel={open} open onClose={() => setOpen(null)} />}
    </section>
  );
}
